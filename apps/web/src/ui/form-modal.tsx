import { Form, type FormInstance, Modal } from 'antd';
import type { ReactNode } from 'react';
import { clearChangedErrors } from '../lib/contract-messages';

/**
 * A dialog around one form: OK saves, Cancel closes. Drawn while closed too, so the form is connected before it
 * opens; a field's error goes as soon as the field is changed.
 */
export function FormModal<V>({
  form,
  open,
  title,
  okText,
  cancelText,
  saving,
  onOk,
  onClose,
  children,
}: {
  form: FormInstance<V>;
  open: boolean;
  title: string;
  okText: string;
  cancelText: string;
  /** The save is under way: OK shows it. */
  saving: boolean;
  onOk: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      cancelText={cancelText}
      onOk={onOk}
      onCancel={onClose}
      confirmLoading={saving}
      forceRender
    >
      <Form<V> form={form} layout="vertical" onValuesChange={(changed) => clearChangedErrors(form, changed)}>
        {children}
      </Form>
    </Modal>
  );
}

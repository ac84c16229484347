import { passwordChangeSchema, type User, type UserCreate, userRoles } from '@ecohelm/contracts';
import { Alert, App, Form, type FormInstance, Input, Modal, Select } from 'antd';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { clearChangedErrors, fieldErrors, translateMessage } from '../../lib/contract-messages';
import { useChangeOwnPassword } from './api/session';
import { useAddUser, useResetPassword } from './api/users';

/** A failure in the user's language: the contract's own message when it is a known one, else `errors.<code>`. */
export function reasonOf(error: unknown, t: TFunction): string {
  if (!(error instanceof ApiError)) return t('errors.unknown');
  const known = translateMessage(error.message, t);
  return known !== error.message ? known : t(error.messageKey);
}

/**
 * Puts a failed save's field reasons (400 `validation_failed`, 409 taken name) next to the fields of `form`;
 * returns the message of anything else, shown above the form. The user's entries stay.
 */
function useServerErrors<V>(form: FormInstance<V>, fields: readonly string[]) {
  const { t } = useTranslation();
  return (error: unknown): string | undefined => {
    if (error instanceof ApiError && Array.isArray(error.details)) {
      const all = fieldErrors(error.details as { path: string; message: string }[], t, ['body']);
      const at = all.filter((e) => fields.includes(String(e.name[0])));
      form.setFields(at.map((e) => ({ name: e.name.slice(0, 1), errors: e.errors })) as never);
      if (at.length === all.length && at.length > 0) return undefined;
    }
    return reasonOf(error, t);
  };
}

export const roleOptions = (t: (key: string) => string) =>
  userRoles.map((role) => ({ value: role, label: t(`users.roles.${role}`) }));

/** The add-user dialog: user name, name, role, first password. */
export function AddUserModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<UserCreate>();
  const add = useAddUser();
  const [other, setOther] = useState<string>();
  const serverErrors = useServerErrors(form, ['username', 'displayName', 'role', 'password']);
  useEffect(() => {
    if (open) {
      form.resetFields();
      setOther(undefined);
    }
  }, [open, form]);
  const onOk = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    try {
      await add.mutateAsync(values);
      void message.success(t('users.page.added'));
      onClose();
    } catch (error) {
      setOther(serverErrors(error));
    }
  };
  return (
    <Modal
      open={open}
      title={t('users.page.add')}
      okText={t('users.page.save')}
      cancelText={t('users.page.cancel')}
      onOk={onOk}
      onCancel={onClose}
      confirmLoading={add.isPending}
      forceRender
    >
      {other ? <Alert type="error" role="alert" title={other} /> : null}
      <Form<UserCreate>
        form={form}
        name="addUser"
        layout="vertical"
        requiredMark={false}
        initialValues={{ role: 'viewer' }}
        onValuesChange={(changed) => clearChangedErrors(form, changed)}
      >
        <Form.Item
          name="username"
          label={t('users.page.username')}
          rules={[{ required: true, whitespace: true, message: t('users.validation.usernameRequired') }]}
        >
          <Input autoComplete="off" maxLength={32} />
        </Form.Item>
        <Form.Item
          name="displayName"
          label={t('users.page.displayName')}
          rules={[{ required: true, whitespace: true, message: t('users.validation.displayNameRequired') }]}
        >
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="role" label={t('users.page.role')}>
          <Select options={roleOptions(t)} />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('users.page.password')}
          rules={[{ required: true, message: t('users.validation.passwordRequired') }]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Sets a new password for `user` (their sessions end). */
export function ResetPasswordModal({ user, onClose }: { user: User | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ password: string }>();
  const reset = useResetPassword();
  const [other, setOther] = useState<string>();
  const serverErrors = useServerErrors(form, ['password']);
  useEffect(() => {
    if (user) {
      form.resetFields();
      setOther(undefined);
    }
  }, [user, form]);
  const onOk = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values || !user) return;
    try {
      await reset.mutateAsync({ id: user.id, password: values.password });
      void message.success(t('users.page.passwordReset'));
      onClose();
    } catch (error) {
      setOther(serverErrors(error));
    }
  };
  return (
    <Modal
      open={user !== undefined}
      title={`${t('users.page.resetPassword')}: ${user?.username ?? ''}`}
      okText={t('users.page.save')}
      cancelText={t('users.page.cancel')}
      onOk={onOk}
      onCancel={onClose}
      confirmLoading={reset.isPending}
      forceRender
    >
      {other ? <Alert type="error" role="alert" title={other} /> : null}
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onValuesChange={(c) => clearChangedErrors(form, c)}
      >
        <Form.Item
          name="password"
          label={t('users.page.newPassword')}
          rules={[{ required: true, message: t('users.validation.passwordRequired') }]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * The signed-in user's own new password (the account menu): the current one, the new one twice. The contract's
 * rules are checked before sending; the server's reasons (a wrong current password) show at their field, and the
 * entries stay.
 */
export function ChangePasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ currentPassword: string; newPassword: string; confirm: string }>();
  const change = useChangeOwnPassword();
  const [other, setOther] = useState<string>();
  const serverErrors = useServerErrors(form, ['currentPassword', 'newPassword']);
  useEffect(() => {
    if (open) {
      form.resetFields();
      setOther(undefined);
    }
  }, [open, form]);
  const onOk = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    const parsed = passwordChangeSchema.safeParse({
      currentPassword: values.currentPassword,
      newPassword: values.newPassword,
    });
    if (!parsed.success) {
      form.setFields(fieldErrors(parsed.error.issues, t) as never);
      return;
    }
    try {
      await change.mutateAsync(parsed.data);
      void message.success(t('users.account.passwordChanged'));
      onClose();
    } catch (error) {
      setOther(serverErrors(error));
    }
  };
  return (
    <Modal
      open={open}
      title={t('users.account.changePassword')}
      okText={t('users.page.save')}
      cancelText={t('users.page.cancel')}
      onOk={onOk}
      onCancel={onClose}
      confirmLoading={change.isPending}
      forceRender
    >
      {other ? <Alert type="error" role="alert" title={other} /> : null}
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onValuesChange={(c) => clearChangedErrors(form, c)}
      >
        <Form.Item
          name="currentPassword"
          label={t('users.page.currentPassword')}
          rules={[{ required: true, message: t('users.validation.currentRequired') }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('users.page.newPassword')}
          rules={[{ required: true, message: t('users.validation.passwordRequired') }]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('users.page.confirmPassword')}
          dependencies={['newPassword']}
          rules={[
            { required: true, message: t('users.validation.passwordRequired') },
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                !value || value === getFieldValue('newPassword')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('users.validation.mismatch'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

import {
  passwordChangeSchema,
  type User,
  type UserCreate,
  userCreateSchema,
  userPasswordResetSchema,
  userRoles,
} from '@ecohelm/contracts';
import { Alert, App, Form, type FormInstance, Input, Modal, Select } from 'antd';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { clearChangedErrors, fieldErrors, translateMessage } from '../../lib/contract-messages';
import { type FieldIssue, saveForm } from '../../lib/save-form';
import { useChangeOwnPassword } from './api/session';
import { useAddUser, useResetPassword } from './api/users';

/** A failure in the user's language: the contract's own message when it is a known one, else `errors.<code>`. */
export function reasonOf(error: unknown, t: TFunction): string {
  if (!(error instanceof ApiError)) return t('errors.unknown');
  const known = translateMessage(error.message, t);
  return known !== error.message ? known : t(error.messageKey);
}

/**
 * Where a failed save's reasons go: those of the form's `fields` next to them (the contract's, a 400
 * `validation_failed`, a 409 taken name); `reason` gives the message of anything else, shown above the form (none
 * when every reason is at a field). The user's entries stay.
 */
function useSaveErrors<V>(form: FormInstance<V>, fields: readonly string[]) {
  const { t } = useTranslation();
  const atFields = (issues: readonly FieldIssue[], prefix: string[] = []) => {
    const all = fieldErrors(issues, t, prefix);
    const at = all.filter((e) => fields.includes(String(e.name[0])));
    form.setFields(at.map((e) => ({ name: e.name.slice(0, 1), errors: e.errors })) as never);
    return at.length === all.length && at.length > 0;
  };
  return {
    show: (issues: readonly FieldIssue[], prefix?: string[]) => void atFields(issues, prefix),
    reason: (error: unknown): string | undefined =>
      error instanceof ApiError &&
      Array.isArray(error.details) &&
      atFields(error.details as FieldIssue[], ['body'])
        ? undefined
        : reasonOf(error, t),
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
  const errors = useSaveErrors(form, ['username', 'displayName', 'role', 'password']);
  useEffect(() => {
    if (open) {
      form.resetFields();
      setOther(undefined);
    }
  }, [open, form]);
  const onOk = () =>
    saveForm(form, {
      body: (v: UserCreate) => v,
      contract: userCreateSchema,
      save: (body) => add.mutateAsync(body),
      show: errors.show,
      saved: () => {
        void message.success(t('users.page.added'));
        onClose();
      },
      failed: (error) => setOther(errors.reason(error)),
    });
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
  const errors = useSaveErrors(form, ['password']);
  useEffect(() => {
    if (user) {
      form.resetFields();
      setOther(undefined);
    }
  }, [user, form]);
  const onOk = () =>
    saveForm(form, {
      body: (v: { password: string }) => (user ? { password: v.password } : undefined),
      contract: userPasswordResetSchema,
      save: (body) => reset.mutateAsync({ id: user!.id, password: body.password }),
      show: errors.show,
      saved: () => {
        void message.success(t('users.page.passwordReset'));
        onClose();
      },
      failed: (error) => setOther(errors.reason(error)),
    });
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
  const errors = useSaveErrors(form, ['currentPassword', 'newPassword']);
  useEffect(() => {
    if (open) {
      form.resetFields();
      setOther(undefined);
    }
  }, [open, form]);
  const onOk = () =>
    saveForm(form, {
      body: (v: { currentPassword: string; newPassword: string }) => ({
        currentPassword: v.currentPassword,
        newPassword: v.newPassword,
      }),
      contract: passwordChangeSchema,
      save: (body) => change.mutateAsync(body),
      show: errors.show,
      saved: () => {
        void message.success(t('users.account.passwordChanged'));
        onClose();
      },
      failed: (error) => setOther(errors.reason(error)),
    });
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

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
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { clearChangedErrors, fieldErrors, issueOfError, translateIssue } from '../../lib/contract-messages';
import { type FieldIssue, saveForm } from '../../lib/save-form';
import { useChangeOwnPassword } from './api/session';
import { useAddUser, useResetPassword } from './api/users';
import './users-strings';

/** A failure in the user's language: the contract's own message when it is a known one, else `errors.<code>`. */
export function reasonOf(error: unknown, t: TFunction): string {
  if (!(error instanceof ApiError)) return t('errors.unknown');
  const known = translateIssue(issueOfError(error), t);
  return known !== error.message ? known : t(error.messageKey);
}

/**
 * An account dialog's state: cleared each time it opens; a failed save's reasons next to the form's `fields` (the
 * contract's, a 400 `validation_failed`, a 409 taken name) and the message of anything else above the form (none when
 * every reason is at a field); a save that went through says `done` and closes. The user's entries stay.
 */
function useAccountDialog<V>(
  form: FormInstance<V>,
  open: boolean,
  fields: readonly string[],
  onClose: () => void,
) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [other, setOther] = useState<string>();
  useEffect(() => {
    if (open) {
      form.resetFields();
      setOther(undefined);
    }
  }, [open, form]);
  const atFields = (issues: readonly FieldIssue[], prefix: string[] = []) => {
    const all = fieldErrors(issues, t, prefix);
    const at = all.filter((e) => fields.includes(String(e.name[0])));
    form.setFields(at.map((e) => ({ name: e.name.slice(0, 1), errors: e.errors })) as never);
    return at.length === all.length && at.length > 0;
  };
  return {
    other,
    show: (issues: readonly FieldIssue[], prefix?: string[]) => void atFields(issues, prefix),
    failed: (error: unknown) =>
      setOther(
        error instanceof ApiError &&
          Array.isArray(error.details) &&
          atFields(error.details as FieldIssue[], ['body'])
          ? undefined
          : reasonOf(error, t),
      ),
    saved: (done: string) => () => {
      void message.success(done);
      onClose();
    },
  };
}

/** The frame of an account dialog: save and cancel, the message of a refused save, the form. */
function AccountDialog<V>({
  open,
  title,
  saving,
  other,
  form,
  onOk,
  onClose,
  children,
  ...formProps
}: {
  open: boolean;
  title: string;
  saving: boolean;
  other: string | undefined;
  form: FormInstance<V>;
  onOk: () => void;
  onClose: () => void;
  children: ReactNode;
  name?: string;
  initialValues?: Partial<V>;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={title}
      okText={t('users.page.save')}
      cancelText={t('users.page.cancel')}
      onOk={onOk}
      onCancel={onClose}
      confirmLoading={saving}
      forceRender
    >
      {other ? <Alert type="error" role="alert" title={other} /> : null}
      <Form<V>
        form={form}
        layout="vertical"
        requiredMark={false}
        onValuesChange={(changed) => clearChangedErrors(form, changed)}
        {...formProps}
      >
        {children}
      </Form>
    </Modal>
  );
}

export const roleOptions = (t: (key: string) => string) =>
  userRoles.map((role) => ({ value: role, label: t(`users.roles.${role}`) }));

/** The add-user dialog: user name, name, role, first password. */
export function AddUserModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<UserCreate>();
  const add = useAddUser();
  const dialog = useAccountDialog(form, open, ['username', 'displayName', 'role', 'password'], onClose);
  const onOk = () =>
    saveForm(form, {
      body: (v: UserCreate) => v,
      contract: userCreateSchema,
      save: (body) => add.mutateAsync(body),
      show: dialog.show,
      saved: dialog.saved(t('users.page.added')),
      failed: dialog.failed,
    });
  return (
    <AccountDialog<UserCreate>
      open={open}
      title={t('users.page.add')}
      saving={add.isPending}
      other={dialog.other}
      form={form}
      onOk={onOk}
      onClose={onClose}
      name="addUser"
      initialValues={{ role: 'viewer' }}
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
    </AccountDialog>
  );
}

/** Sets a new password for `user` (their sessions end). */
export function ResetPasswordModal({ user, onClose }: { user: User | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ password: string }>();
  const reset = useResetPassword();
  const dialog = useAccountDialog(form, user !== undefined, ['password'], onClose);
  const onOk = () =>
    saveForm(form, {
      body: (v: { password: string }) => (user ? { password: v.password } : undefined),
      contract: userPasswordResetSchema,
      save: (body) => reset.mutateAsync({ id: user!.id, password: body.password }),
      show: dialog.show,
      saved: dialog.saved(t('users.page.passwordReset')),
      failed: dialog.failed,
    });
  return (
    <AccountDialog
      open={user !== undefined}
      title={`${t('users.page.resetPassword')}: ${user?.username ?? ''}`}
      saving={reset.isPending}
      other={dialog.other}
      form={form}
      onOk={onOk}
      onClose={onClose}
    >
      <Form.Item
        name="password"
        label={t('users.page.newPassword')}
        rules={[{ required: true, message: t('users.validation.passwordRequired') }]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </AccountDialog>
  );
}

/**
 * The signed-in user's own new password (the account menu): the current one, the new one twice. The contract's
 * rules are checked before sending; the server's reasons (a wrong current password) show at their field, and the
 * entries stay.
 */
export function ChangePasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ currentPassword: string; newPassword: string; confirm: string }>();
  const change = useChangeOwnPassword();
  const dialog = useAccountDialog(form, open, ['currentPassword', 'newPassword'], onClose);
  const onOk = () =>
    saveForm(form, {
      body: (v: { currentPassword: string; newPassword: string }) => ({
        currentPassword: v.currentPassword,
        newPassword: v.newPassword,
      }),
      contract: passwordChangeSchema,
      save: (body) => change.mutateAsync(body),
      show: dialog.show,
      saved: dialog.saved(t('users.account.passwordChanged')),
      failed: dialog.failed,
    });
  return (
    <AccountDialog
      open={open}
      title={t('users.account.changePassword')}
      saving={change.isPending}
      other={dialog.other}
      form={form}
      onOk={onOk}
      onClose={onClose}
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
    </AccountDialog>
  );
}

import type { FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import { ApiError } from './api-client';
import type { ContractIssue } from './contract-messages';

/** A reason at a path: the contract's (zod issue) or the server's (`details` of a 400), with zod's code where known. */
export type FieldIssue = ContractIssue & { path: readonly PropertyKey[] | string };

/** A failed call's reason in the user's language: its error code's text (`errors.<code>`). */
export const failureText = (error: unknown, t: TFunction): string =>
  error instanceof ApiError ? t(error.messageKey) : t('errors.unknown');

/** What `saveForm` needs of a contract schema (zod's `safeParse`), without importing zod into every form. */
export interface FormContract<B> {
  safeParse(
    value: unknown,
  ): { success: true; data: B } | { success: false; error: { issues: readonly FieldIssue[] } };
}

/**
 * The console's one way to save a form: the form's own rules first, then the contract on what is sent, then the
 * server. The contract's and the server's reasons go next to their fields (`show`; the server's paths start with
 * `body`), any failure also to `failed`; the user's entries stay whatever fails.
 */
export async function saveForm<V, B>(
  form: FormInstance<V>,
  steps: {
    /** What is sent, from the form's values; `undefined` when the form already shows why it cannot be sent. */
    body: (values: V) => unknown;
    contract: FormContract<B>;
    save: (body: B) => Promise<unknown>;
    show: (issues: readonly FieldIssue[], prefix?: string[]) => void;
    saved: () => void;
    failed: (error: unknown) => void;
  },
): Promise<void> {
  try {
    await form.validateFields();
  } catch {
    return;
  }
  const body = steps.body(form.getFieldsValue(true) as V);
  if (body === undefined) return;
  const parsed = steps.contract.safeParse(body);
  if (!parsed.success) {
    steps.show(parsed.error.issues);
    return;
  }
  try {
    await steps.save(parsed.data);
  } catch (error) {
    if (error instanceof ApiError && Array.isArray(error.details))
      steps.show(error.details as FieldIssue[], ['body']);
    steps.failed(error);
    return;
  }
  steps.saved();
}

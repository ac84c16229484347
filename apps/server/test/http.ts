import type { UserCreate } from '@ecohelm/contracts';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestApp } from './stores.ts';

/**
 * Requests to a test app as the server tests make them: by default as its logged-in admin console (`t.auth`);
 * other `headers` replace that login (`{}` for none).
 */

type Headers = Record<string, string>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Answer = LightMyRequestResponse;

/** `method url` on `t`, with `payload` as the body when there is one. */
export const call = (
  t: TestApp,
  method: Method,
  url: string,
  payload?: InjectOptions['payload'],
  headers: Headers = t.auth,
): Promise<Answer> => t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });

export const get = (t: TestApp, url: string, headers: Headers = t.auth) =>
  call(t, 'GET', url, undefined, headers);
export const post = (
  t: TestApp,
  url: string,
  payload?: InjectOptions['payload'],
  headers: Headers = t.auth,
) => call(t, 'POST', url, payload, headers);
export const put = (t: TestApp, url: string, payload: InjectOptions['payload'], headers: Headers = t.auth) =>
  call(t, 'PUT', url, payload, headers);
export const del = (t: TestApp, url: string, headers: Headers = t.auth) =>
  call(t, 'DELETE', url, undefined, headers);

/** Saves the filling record `record` (a draft when `draft`) on `t`. */
export const postRecord = (t: TestApp, record: object, draft?: boolean) =>
  post(t, '/api/v1/filling/records', draft === undefined ? { record } : { draft, record });

/** Asserts a 400 whose details name `path` with `message`, among any others. */
export function expectRefusedAt(res: Answer, path: string, message: string): void {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().error.details).toContainEqual({ path, message });
}

/** Asserts a 400 whose details hold each `[path, message]`, maybe with more fields, among any others. */
export function expectRefusedWith(res: Answer, ...fields: [path: string, message: string][]): void {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().error.details).toEqual(
    expect.arrayContaining(fields.map(([path, message]) => expect.objectContaining({ path, message }))),
  );
}

/** Logs the shore user `username` in: the login's answer and the headers carrying its session. */
export async function userLogin(t: TestApp, username: string, password: string) {
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { username, password },
  });
  return { login, headers: { authorization: `Bearer ${login.json().token}` } };
}

/** Creates the shore user `user` on `t` and logs it in. */
export async function loggedInUser(t: TestApp, user: UserCreate) {
  await t.services.users.upsert(user);
  return userLogin(t, user.username, user.password);
}

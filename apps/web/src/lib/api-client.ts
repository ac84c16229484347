import type { ApiErrorBody } from '@ecohelm/contracts';
import type { z } from 'zod';
import { apiPath } from './ship-scope';
import { safeStorage, storageKeys } from './storage';

/** Codes the client itself produces, besides the server's stable codes. */
export type ClientErrorCode = 'network' | 'bad_response' | 'unknown';

/** The one error type every failed API call turns into; the UI shows `errors.<code>`. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly requestId: string | undefined;
  readonly details: unknown;

  constructor(status: number, code: string, message: string, requestId?: string, details?: unknown) {
    super(message);
    this.status = status;
    this.code = code;
    this.requestId = requestId;
    this.details = details;
  }

  /** Translation key of this error's message. */
  get messageKey(): string {
    return `errors.${this.code}`;
  }
}

export interface ApiRequest<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /**
   * Validates the answer; a mismatch becomes `ApiError` with code `bad_response`. Without it the answer is taken as
   * `T`, the contract's inferred type: the server's serializer already checks every answer against the same schema,
   * so what the console only reads (the first route's calls) leaves zod and the schemas out of its first load.
   */
  schema?: z.ZodType<T>;
  /** Bearer token; defaults to the stored device token. `null` sends none. */
  token?: string | null;
  signal?: AbortSignal;
}

/** Calls the API and returns the parsed answer, or throws `ApiError` for any failure. */
export async function apiFetch<T = unknown>(path: string, request: ApiRequest<T> = {}): Promise<T> {
  const token = request.token === undefined ? safeStorage.getItem(storageKeys.deviceToken) : request.token;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  // A file goes as it is (a store backup, a GRIB forecast: no JSON, no form encoding); anything else as JSON.
  const raw = typeof Blob !== 'undefined' && request.body instanceof Blob;
  if (request.body !== undefined)
    headers['content-type'] = raw ? 'application/octet-stream' : 'application/json';
  const response = fetch(apiPath(path), {
    method: request.method ?? 'GET',
    headers,
    ...(request.body !== undefined
      ? { body: raw ? (request.body as Blob) : JSON.stringify(request.body) }
      : {}),
    ...(request.signal ? { signal: request.signal } : {}),
  });
  return answerOf(response, request.schema);
}

/** Requests index.html sends before the console's code has loaded, by path: `window.ecohelmEarly`. */
type EarlyRequests = Record<string, Promise<Response> | undefined>;

/**
 * The response to `path` that index.html asked for before the console's code loaded (the configuration, and the
 * page's figures when the console opens on the overview or the speed page), taken once: a later read asks anew.
 */
export function takeEarly(path: string): Promise<Response> | undefined {
  const sent = (window as { ecohelmEarly?: EarlyRequests }).ecohelmEarly;
  const response = sent?.[path];
  if (sent && response) delete sent[path];
  return response;
}

/**
 * The parsed answer of a request already sent (by `apiFetch`, or by the page before the console's code loaded), or
 * `ApiError` for any failure, as `apiFetch` gives them.
 */
export async function answerOf<T>(pending: Promise<Response>, schema?: z.ZodType<T>): Promise<T> {
  let response: Response;
  try {
    response = await pending;
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, 'network', cause instanceof Error ? cause.message : String(cause));
  }
  const payload = await readJson(response);
  if (!response.ok) throw errorFromAnswer(response, payload);
  if (!schema) return payload as T;
  const parsed = schema.safeParse(payload);
  if (!parsed.success) throw new ApiError(response.status, 'bad_response', parsed.error.message);
  return parsed.data;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The one error shape (`apiErrorSchema`), checked by hand: zod stays out of the first route. */
export function isApiErrorBody(payload: unknown): payload is ApiErrorBody {
  const error = (payload as { error?: Record<string, unknown> } | null)?.error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof error.code === 'string' &&
    typeof error.message === 'string' &&
    typeof error.requestId === 'string'
  );
}

function errorFromAnswer(response: Response, payload: unknown): ApiError {
  if (isApiErrorBody(payload)) {
    const { code, message, requestId, details } = payload.error;
    return new ApiError(response.status, code, message, requestId, details);
  }
  const code = response.status === 401 ? 'unauthorized' : response.status === 404 ? 'not_found' : 'unknown';
  return new ApiError(response.status, code, response.statusText || `HTTP ${response.status}`);
}

/** Translated message of any error: `errors.<code>`, falling back to `errors.unknown`. */
export function errorMessage(error: unknown, t: (key: string, options?: { defaultValue: string }) => string) {
  const fallback = t('errors.unknown');
  if (error instanceof ApiError) return t(error.messageKey, { defaultValue: fallback });
  return fallback;
}

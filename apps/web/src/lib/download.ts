import { ApiError, isApiErrorBody } from './api-client';
import { apiPath } from './ship-scope';
import { safeStorage, storageKeys } from './storage';

/** Has the browser save what `url` holds (a blob or data URL) as `fileName`. */
export function saveUrl(url: string, fileName: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
}

/** Progress of a download: bytes received of the announced length (null until known). */
export interface DownloadProgress {
  receivedBytes: number;
  totalBytes: number | null;
}

const fileNameOf = (disposition: string | null, fallback: string) => {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '');
  if (star?.[1]) return decodeURIComponent(star[1]);
  return /filename="([^"]+)"/i.exec(disposition ?? '')?.[1] ?? fallback;
};

/**
 * Downloads a file the API makes (an exported report, or a file made from a request sent as `body`) with the device token, reporting progress while the body
 * streams in, and saves it under the name the server gives. Failures become `ApiError` like every other call.
 */
export async function downloadFile(
  path: string,
  fallbackName: string,
  onProgress: (p: DownloadProgress) => void = () => undefined,
  /** A request the file is made from, sent as JSON (POST); a GET without it. */
  body?: unknown,
): Promise<string> {
  const token = safeStorage.getItem(storageKeys.deviceToken);
  let response: Response;
  try {
    const auth: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    response = await fetch(
      apiPath(path),
      body === undefined
        ? { headers: auth }
        : {
            method: 'POST',
            headers: { ...auth, 'content-type': 'application/json' },
            body: JSON.stringify(body),
          },
    );
  } catch (cause) {
    throw new ApiError(0, 'network', cause instanceof Error ? cause.message : String(cause));
  }
  if (!response.ok) {
    const payload: unknown = await response.json().catch(() => undefined);
    if (isApiErrorBody(payload)) {
      const e = payload.error;
      throw new ApiError(response.status, e.code, e.message, e.requestId, e.details);
    }
    throw new ApiError(response.status, 'unknown', response.statusText);
  }
  const length = Number(response.headers.get('content-length'));
  const totalBytes = Number.isFinite(length) && length > 0 ? length : null;
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let receivedBytes = 0;
  onProgress({ receivedBytes, totalBytes });
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      receivedBytes += value.byteLength;
      onProgress({ receivedBytes, totalBytes });
    }
  }
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  const blob = reader ? new Blob(chunks, { type }) : await response.blob();
  const fileName = fileNameOf(response.headers.get('content-disposition'), fallbackName);
  const url = URL.createObjectURL(blob);
  saveUrl(url, fileName);
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return fileName;
}

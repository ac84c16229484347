import type { FastifyReply } from 'fastify';

/** The media types of the files the console sends. */
export const MEDIA_TYPE = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
  zip: 'application/zip',
} as const;

/** A file an export makes: its name, type and bytes. */
export interface ExportFile {
  fileName: string;
  contentType: string;
  body: Buffer;
}

/**
 * Answers with a file to save (an export): its type and length, the name to save it under, never cached (the figures
 * behind it change). One place for every export route.
 */
export function sendFile(reply: FastifyReply, file: ExportFile): FastifyReply {
  return (
    reply
      .header('content-type', file.contentType)
      .header('content-length', file.body.length)
      // The plain name for every client, the exact (Chinese) one for those that read RFC 6266's `filename*`.
      .header(
        'content-disposition',
        `attachment; filename="${file.fileName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      )
      .header('cache-control', 'no-store')
      .send(file.body)
  );
}

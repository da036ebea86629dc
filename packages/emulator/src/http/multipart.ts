// multipart/form-data read as a stream by @fastify/busboy, within limits: file parts go to their consumer chunk
// by chunk (an upload of any size never sits whole in memory), text fields are collected, and a body past any
// limit (file size, number of parts, field size) stops being read at once and answers 413.
import type { IncomingMessage } from 'node:http';
import { finished, type Readable } from 'node:stream';
import { Busboy, type BusboyFileStream, type BusboyInstance } from '@fastify/busboy';
import { bodyBrokeOff, payloadTooLarge, tooLarge } from './body.ts';
import { type HttpError, invalid } from './errors.ts';

export interface MultipartLimits {
  /** Bytes of one file part. */
  fileBytes: number;
  /** File parts in the body. */
  files: number;
  /** Text fields in the body. */
  fields: number;
  /** Bytes of one text field. */
  fieldBytes: number;
}

export interface FilePart {
  name: string;
  filename: string;
  mimeType: string;
  /** The part's bytes: the consumer must read it to the end (or `resume()` it to skip the part). */
  stream: Readable;
}

/**
 * Parses `incoming` as multipart/form-data. `onFile` gets each file part in order and resolves once it has
 * consumed the part. Resolves with the text fields (a name may repeat) after every part has been consumed.
 */
export function readMultipart(
  incoming: IncomingMessage,
  limits: MultipartLimits,
  onFile: (part: FilePart) => Promise<void>,
): Promise<{ fields: Map<string, string[]> }> {
  const contentType = incoming.headers['content-type'] ?? '';
  if (!/^multipart\/form-data\b/i.test(contentType)) {
    return Promise.reject(invalid(['body'], 'Expected a multipart/form-data body with a boundary'));
  }
  let parser: BusboyInstance;
  try {
    parser = Busboy({
      headers: { ...incoming.headers, 'content-type': contentType },
      limits: {
        fileSize: limits.fileBytes,
        files: limits.files,
        fields: limits.fields,
        fieldSize: limits.fieldBytes,
        // Part headers are a few lines; these bound what one part's headers may hold.
        headerPairs: 20,
        headerSize: 16 * 1024,
      },
      // A part is a file when it has a file name, whatever its content type (as the service documents `data`).
      isPartAFile: (_name, _type, filename) => filename !== undefined,
    });
  } catch (error) {
    // Busboy refuses a content type without a boundary in its constructor.
    return Promise.reject(invalid(['body'], `Malformed multipart body: ${(error as Error).message}`));
  }

  return new Promise((resolve, reject) => {
    const fields = new Map<string, string[]>();
    const consumers: Promise<void>[] = [];
    const open = new Set<BusboyFileStream>();
    let failed = false;
    const fail = (error: HttpError) => {
      if (failed) return;
      failed = true;
      // Stop reading the request: the rest of the body is not wanted, and the answer goes out now.
      incoming.unpipe(parser);
      // Without an error: one with no listener left (a consumer that has finished) would be thrown as uncaught.
      for (const stream of open) stream.destroy();
      reject(error);
    };

    parser.on('file', (name, stream, filename, _encoding, mimeType) => {
      open.add(stream);
      stream.once('limit', () => fail(tooLarge(`The file part ${JSON.stringify(name)}`, limits.fileBytes)));
      stream.once('close', () => open.delete(stream));
      const consumed = Promise.resolve()
        .then(() => onFile({ name, filename, mimeType, stream }))
        .catch((error: unknown) => {
          if (failed) return;
          fail(error as HttpError);
        });
      consumers.push(consumed);
    });
    parser.on('field', (name, value, _nameTruncated, valueTruncated) => {
      if (valueTruncated) {
        fail(tooLarge(`The field ${JSON.stringify(name)}`, limits.fieldBytes));
        return;
      }
      const list = fields.get(name) ?? [];
      list.push(value);
      fields.set(name, list);
    });
    parser.on('filesLimit', () => fail(payloadTooLarge(`The body has more than ${limits.files} file parts`)));
    parser.on('fieldsLimit', () => fail(payloadTooLarge(`The body has more than ${limits.fields} fields`)));
    parser.on('error', (error) =>
      fail(invalid(['body'], `Malformed multipart body: ${(error as Error).message ?? String(error)}`)),
    );
    parser.on('finish', () => {
      void Promise.all(consumers).then(() => {
        if (!failed) resolve({ fields });
      });
    });
    // finished() and not an 'error' listener: a request held (by faults) until its sender hung up has errored
    // already, and would otherwise be waited on for ever.
    finished(incoming, (error) => {
      if (error) fail(bodyBrokeOff());
    });
    incoming.pipe(parser);
  });
}

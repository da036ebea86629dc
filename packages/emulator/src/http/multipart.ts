// A streaming multipart/form-data parser: file parts go chunk by chunk to a sink (a file on disk), so an
// upload of any size never sits whole in memory; text fields are collected up to a small limit.
import { invalid } from './errors.ts';

export interface PartInfo {
  name: string;
  filename: string | undefined;
  contentType: string | undefined;
}

/** Where a file part's bytes go. `write` may return a promise to apply back-pressure. */
export interface PartSink {
  write(chunk: Uint8Array): void | Promise<void>;
  end(): Promise<void>;
}

export interface MultipartHandlers {
  /** A sink for a file part, or undefined to skip (discard) it. */
  onFile(info: PartInfo): PartSink | undefined;
  /** Text fields larger than this are a 422 (default 64 KiB). */
  maxFieldBytes?: number;
}

export function boundaryOf(contentType: string | undefined): string | undefined {
  if (!contentType || !/^multipart\/form-data\b/i.test(contentType)) return undefined;
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match?.[1] ?? match?.[2];
}

function parseHeaders(block: string): PartInfo {
  let name: string | undefined;
  let filename: string | undefined;
  let contentType: string | undefined;
  for (const line of block.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === 'content-disposition') {
      name = /;\s*name="([^"]*)"/i.exec(value)?.[1] ?? /;\s*name=([^;\s]+)/i.exec(value)?.[1];
      const star = /;\s*filename\*=(?:UTF-8'')?([^;]+)/i.exec(value)?.[1];
      filename = star ? decodeURIComponent(star) : /;\s*filename="([^"]*)"/i.exec(value)?.[1];
    } else if (key === 'content-type') {
      contentType = value;
    }
  }
  if (name === undefined) throw invalid(['body'], 'A multipart part has no name in its Content-Disposition');
  return { name, filename, contentType };
}

/**
 * Reads the whole multipart body from `body`, sending file parts to `handlers.onFile` as they stream in.
 * Returns the text fields (a name may repeat) and the names of the file parts seen.
 */
export async function parseMultipart(
  body: AsyncIterable<Uint8Array>,
  boundary: string,
  handlers: MultipartHandlers,
): Promise<{ fields: Map<string, string[]>; files: string[] }> {
  const maxField = handlers.maxFieldBytes ?? 65536;
  const opening = Buffer.from(`--${boundary}`);
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const fields = new Map<string, string[]>();
  const files: string[] = [];
  let state: 'preamble' | 'headers' | 'body' | 'after-delimiter' | 'done' = 'preamble';
  let pending = Buffer.alloc(0);
  let part: PartInfo | undefined;
  let sink: PartSink | undefined;
  let fieldChunks: Buffer[] = [];
  let fieldBytes = 0;

  const emit = async (bytes: Buffer) => {
    if (bytes.length === 0 || !part) return;
    if (part.filename !== undefined) {
      if (sink) await sink.write(bytes);
    } else {
      fieldBytes += bytes.length;
      if (fieldBytes > maxField)
        throw invalid(['body', part.name], `The field is larger than ${maxField} bytes`);
      fieldChunks.push(bytes);
    }
  };
  const closePart = async () => {
    if (!part) return;
    if (part.filename !== undefined) {
      files.push(part.name);
      await sink?.end();
    } else {
      const list = fields.get(part.name) ?? [];
      list.push(Buffer.concat(fieldChunks).toString('utf8'));
      fields.set(part.name, list);
    }
    part = undefined;
    sink = undefined;
    fieldChunks = [];
    fieldBytes = 0;
  };

  try {
    for await (const chunk of body) {
      pending = pending.length === 0 ? Buffer.from(chunk) : Buffer.concat([pending, chunk]);
      let progressed = true;
      while (progressed && state !== 'done') {
        progressed = false;
        if (state === 'preamble') {
          const at = pending.indexOf(opening);
          if (at >= 0) {
            pending = pending.subarray(at + opening.length);
            state = 'after-delimiter';
            progressed = true;
          } else if (pending.length > opening.length) {
            pending = pending.subarray(pending.length - opening.length);
          }
        } else if (state === 'after-delimiter') {
          if (pending.length < 2) break;
          const next = pending.subarray(0, 2).toString('latin1');
          if (next === '--') {
            state = 'done';
          } else if (next === '\r\n') {
            pending = pending.subarray(2);
            state = 'headers';
            progressed = true;
          } else {
            throw invalid(['body'], 'Malformed multipart body: bad text after a boundary');
          }
        } else if (state === 'headers') {
          const end = pending.indexOf('\r\n\r\n');
          if (end < 0) {
            if (pending.length > 16384)
              throw invalid(['body'], 'Malformed multipart body: part headers too long');
            break;
          }
          part = parseHeaders(pending.subarray(0, end).toString('utf8'));
          sink = part.filename !== undefined ? handlers.onFile(part) : undefined;
          pending = pending.subarray(end + 4);
          state = 'body';
          progressed = true;
        } else if (state === 'body') {
          const at = pending.indexOf(delimiter);
          if (at >= 0) {
            await emit(pending.subarray(0, at));
            await closePart();
            pending = pending.subarray(at + delimiter.length);
            state = 'after-delimiter';
            progressed = true;
          } else if (pending.length > delimiter.length) {
            // Keep the tail: it may be the start of a delimiter split across chunks.
            const safe = pending.length - delimiter.length;
            await emit(pending.subarray(0, safe));
            pending = Buffer.from(pending.subarray(safe));
          }
        }
      }
    }
  } catch (error) {
    // Close an open file part so its file can be removed by the caller.
    await sink?.end().catch(() => undefined);
    throw error;
  }
  if (state !== 'done') {
    await sink?.end().catch(() => undefined);
    throw invalid(['body'], 'Malformed multipart body: it ends before its closing boundary');
  }
  return { fields, files };
}

// Upload sources (a path, a Blob, a stream or bytes) turned into a multipart body that streams from its
// source with a known Content-Length when the size is known; a multi-gigabyte file never sits in memory.
import { randomBytes } from 'node:crypto';
import { open, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RequestValidationError } from './errors.ts';
import type { OpenOptions, RequestBody } from './transport.ts';

/** A path on disk, a Blob or File, a web or Node stream, or bytes in memory. */
export type UploadSource =
  | string
  | URL
  | Blob
  | ReadableStream<Uint8Array>
  | NodeJS.ReadableStream
  | Uint8Array
  | ArrayBuffer;

/** How much of an upload's file has been handed to the socket; `total` is undefined for a stream of unknown length. */
export interface UploadProgress {
  sent: number;
  total: number | undefined;
}

export interface FilePart {
  filename: string;
  contentType: string;
  /** Undefined for a stream of unknown length. */
  size: number | undefined;
  open(options: OpenOptions): AsyncIterable<Uint8Array>;
  replayable: boolean;
}

const CONTENT_TYPES: Record<string, string> = {
  '.mp4': 'video/mp4',
  '.m4v': 'video/x-m4v',
  '.mov': 'video/quicktime',
  '.mkv': 'video/x-matroska',
  '.webm': 'video/webm',
  '.avi': 'video/x-msvideo',
  '.mpeg': 'video/mpeg',
  '.mpg': 'video/mpeg',
  '.ts': 'video/mp2t',
  '.3gp': 'video/3gpp',
  '.flv': 'video/x-flv',
  '.wmv': 'video/x-ms-wmv',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.m4a': 'audio/mp4',
  '.aac': 'audio/aac',
  '.ogg': 'audio/ogg',
  '.oga': 'audio/ogg',
  '.opus': 'audio/opus',
  '.flac': 'audio/flac',
  '.wma': 'audio/x-ms-wma',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.bmp': 'image/bmp',
  '.tif': 'image/tiff',
  '.tiff': 'image/tiff',
  '.heic': 'image/heic',
  '.srt': 'application/x-subrip',
  '.vtt': 'text/vtt',
};

/** The MIME type for a file name's extension, or application/octet-stream. */
export function contentTypeFor(filename: string): string {
  return CONTENT_TYPES[extname(filename).toLowerCase()] ?? 'application/octet-stream';
}

/** 1 MiB reads: fewer, larger writes to the socket for big files. */
const READ_CHUNK = 1024 * 1024;
/** Buffers in the reuse ring: the chunk being sent, one possibly still draining, the one being read, a spare. */
const RING_SIZE = 4;

/**
 * The ring relies on how undici's HTTP/1.1 writer works (lib/dispatcher/client-h1.js, `writeIterable`): it
 * asks for the next chunk only after `socket.write` of the previous one returned and, when that returned false,
 * after 'drain'; a 1 MiB chunk is far above the socket's high-water mark, so by then the socket holds no part
 * of it. That is undici's behaviour, not a promise it makes. So the ring is used only with an undici major
 * whose writer was read and whose result is tested ("keeps every byte in order through a slow reader, with
 * buffers reused" in uploads.test.ts); with any other undici, each chunk gets a fresh buffer. Measured on
 * loopback with a 1 GiB file, the ring is about twice as fast and uses half the CPU.
 */
const RING_VERIFIED_UNDICI_MAJORS: readonly string[] = ['7'];

/** Whether the ring may be used with this undici version (undefined: undici's version could not be read). */
export function ringAllowedWith(undiciVersion: string | undefined): boolean {
  return undiciVersion !== undefined && RING_VERIFIED_UNDICI_MAJORS.includes(undiciVersion.split('.')[0]!);
}

/** The undici this module's client sends with: the one resolved from here, as the client's Agent is. */
function installedUndiciVersion(): string | undefined {
  try {
    return (createRequire(import.meta.url)('undici/package.json') as { version?: string }).version;
  } catch {
    return undefined;
  }
}

const RING_ALLOWED = ringAllowedWith(installedUndiciVersion());

function isNodeStream(value: unknown): value is NodeJS.ReadableStream {
  return (
    typeof value === 'object' && value !== null && typeof (value as { pipe?: unknown }).pipe === 'function'
  );
}

/**
 * A file's bytes in 1 MiB chunks, each handed on as read (a Node stream's async iterator would join buffered
 * chunks into new copies), with the next read under way while one is sent. With `reuseBuffers` the chunks
 * come from a ring of RING_SIZE buffers: no allocation, page faults or garbage per chunk, so a multi-gigabyte
 * upload costs a few MiB of memory and far less CPU.
 */
async function* readChunks(
  path: string | URL,
  size: number,
  { reuseBuffers }: OpenOptions,
): AsyncGenerator<Uint8Array> {
  const file = await open(path, 'r');
  // Never more than the size announced as Content-Length, even if the file grows meanwhile.
  let left = size;
  const ring =
    reuseBuffers && RING_ALLOWED
      ? Array.from({ length: RING_SIZE }, () => Buffer.allocUnsafe(READ_CHUNK))
      : undefined;
  let reads = 0;
  const read = async () => {
    if (left === 0) return undefined;
    const buffer = ring ? ring[reads++ % RING_SIZE]! : Buffer.allocUnsafe(READ_CHUNK);
    const { bytesRead } = await file.read(buffer, 0, Math.min(READ_CHUNK, left), null);
    left -= bytesRead;
    return bytesRead === 0 ? undefined : buffer.subarray(0, bytesRead);
  };
  let next = read();
  try {
    for (;;) {
      const chunk = await next;
      if (!chunk) return;
      next = read();
      yield chunk;
    }
  } finally {
    await next.catch(() => undefined);
    await file.close();
  }
}

async function* single(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  yield bytes;
}

function oneShot<T>(source: T): () => T {
  let used = false;
  return () => {
    if (used) throw new Error('A stream can be uploaded only once');
    used = true;
    return source;
  };
}

export async function resolveFile(
  source: UploadSource,
  options: { filename?: string | undefined; contentType?: string | undefined },
): Promise<FilePart> {
  const finish = (
    defaultName: string,
    size: number | undefined,
    open: (options: OpenOptions) => AsyncIterable<Uint8Array>,
    replayable: boolean,
    type?: string,
  ) => {
    const filename = options.filename ?? defaultName;
    return {
      filename,
      contentType: options.contentType ?? (type || contentTypeFor(filename)),
      size,
      open,
      replayable,
    };
  };
  if (typeof source === 'string' || source instanceof URL) {
    let info: Awaited<ReturnType<typeof stat>>;
    try {
      info = await stat(source);
    } catch (cause) {
      throw new RequestValidationError('upload', [
        { path: 'file', message: `cannot read ${String(source)}: ${(cause as Error).message}` },
      ]);
    }
    if (!info.isFile()) {
      throw new RequestValidationError('upload', [
        { path: 'file', message: `${String(source)} is not a file` },
      ]);
    }
    const name = basename(typeof source === 'string' ? source : fileURLToPath(source));
    return finish(name, info.size, (options) => readChunks(source, info.size, options), true);
  }
  if (source instanceof Blob) {
    const name = 'name' in source && typeof source.name === 'string' && source.name ? source.name : 'upload';
    return finish(name, source.size, () => source.stream(), true, source.type);
  }
  if (source instanceof Uint8Array || source instanceof ArrayBuffer) {
    const bytes = source instanceof Uint8Array ? source : new Uint8Array(source);
    return finish('upload', bytes.byteLength, () => single(bytes), true);
  }
  if (typeof ReadableStream !== 'undefined' && source instanceof ReadableStream) {
    return finish('upload', undefined, oneShot(source as ReadableStream<Uint8Array>), false);
  }
  if (isNodeStream(source)) {
    const path = (source as { path?: unknown }).path;
    const name = typeof path === 'string' ? basename(path) : 'upload';
    return finish(name, undefined, oneShot(source as AsyncIterable<Uint8Array>), false);
  }
  throw new RequestValidationError('upload', [
    {
      path: 'file',
      message: 'expected a file path, URL, Blob, ReadableStream, Node stream, Uint8Array or ArrayBuffer',
    },
  ]);
}

/**
 * The file's chunks, counting each one as sent when the next is asked for: undici asks for a chunk only once it
 * has written the previous one to the socket, so the count follows the bytes sent, not the bytes read. One call
 * per chunk (1 MiB from a file), so reporting costs nothing next to the transfer. A retry counts again from 0.
 */
async function* counted(
  chunks: AsyncIterable<Uint8Array>,
  total: number | undefined,
  onProgress: (progress: UploadProgress) => void,
): AsyncGenerator<Uint8Array> {
  let sent = 0;
  onProgress({ sent, total });
  for await (const chunk of chunks) {
    // The length is read before the yield: once handed on, the chunk is the socket's.
    const length = chunk.byteLength;
    yield chunk;
    sent += length;
    onProgress({ sent, total });
  }
}

/** Quotes a form-data name or file name the way browsers do (", CR and LF percent-encoded). */
function quote(value: string): string {
  return `"${value.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A')}"`;
}

/** A multipart/form-data body of text fields and files, streamed part after part. */
export function multipartBody(
  fields: [string, string][],
  files: [string, FilePart][],
  onProgress?: (progress: UploadProgress) => void,
): RequestBody {
  const boundary = `----dubkit${randomBytes(16).toString('hex')}`;
  const head: Buffer[] = fields.map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name=${quote(name)}\r\n\r\n${value}\r\n`),
  );
  const fileHeads = files.map(([name, file]) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name=${quote(name)}; filename=${quote(file.filename)}\r\n` +
        `Content-Type: ${file.contentType}\r\n\r\n`,
    ),
  );
  const crlf = Buffer.from('\r\n');
  const tail = Buffer.from(`--${boundary}--\r\n`);
  const sizes = files.map(([, file]) => file.size);
  const length = sizes.every((size) => size !== undefined)
    ? [...head, ...fileHeads, tail].reduce((sum, part) => sum + part.length, 0) +
      sizes.reduce<number>((sum, size) => sum + (size ?? 0) + crlf.length, 0)
    : undefined;

  async function* parts(options: OpenOptions): AsyncGenerator<Buffer | Uint8Array> {
    yield* head;
    for (const [index, [, file]] of files.entries()) {
      yield fileHeads[index]!;
      const chunks = file.open(options);
      yield* onProgress ? counted(chunks, file.size, onProgress) : chunks;
      yield crlf;
    }
    yield tail;
  }

  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    length,
    // undici writes an async iterable chunk by chunk, waiting for the socket to drain: no extra stream layer.
    open: parts,
    replayable: files.every(([, file]) => file.replayable),
  };
}

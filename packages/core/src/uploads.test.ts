import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DubbingClient } from './client.ts';
import { RateLimitError, RequestValidationError } from './errors.ts';
import { json, media, type Recorded, startServer, type TestServer } from './test-support/server.ts';
import { contentTypeFor, resolveFile, ringAllowedWith } from './uploads.ts';

/** The boundary of a multipart body, read from its first line. */
function contentTypeOf(body: Buffer): string {
  return `multipart/form-data; boundary=${body.subarray(2, body.indexOf('\r\n')).toString()}`;
}

interface Part {
  headers: string;
  content: Buffer;
}

/** Splits a multipart body into its parts (byte-exact). */
function parseMultipart(req: Recorded): Part[] {
  const boundary = /boundary=(.+)$/.exec(req.headers['content-type'] ?? '')?.[1];
  if (!boundary) throw new Error(`no boundary in ${req.headers['content-type']}`);
  const text = req.body.toString('latin1');
  expect(text.endsWith(`--${boundary}--\r\n`)).toBe(true);
  return text
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((raw) => {
      const split = raw.indexOf('\r\n\r\n');
      return { headers: raw.slice(2, split), content: Buffer.from(raw.slice(split + 4, -2), 'latin1') };
    });
}

let dir: string;
let server: TestServer;
let client: DubbingClient;
let statuses: number[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dubkit-core-upload-'));
  server = await startServer((_req, res) => {
    const status = statuses.shift() ?? 200;
    if (status === 200) json(res, 200, media());
    else json(res, status, { detail: 'slow down' }, { 'retry-after': '0' });
  });
  client = new DubbingClient({
    baseUrl: server.url,
    token: 't',
    env: {},
    logLevel: 'off',
    retryDelay: { initialMs: 1, maxMs: 2 },
  });
});
afterEach(() => {
  server.requests.length = 0;
  statuses = [];
});
afterAll(async () => {
  await client.close();
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

describe('media.upload', () => {
  it('streams a file from a path with a known Content-Length, its name and type', async () => {
    const bytes = randomBytes(300_000);
    const path = join(dir, 'clip.mp4');
    await writeFile(path, bytes);
    const record = await client.media.upload(path, { name: 'My clip', kind: 'video' });
    expect(record.id).toBe(media().id);
    const req = server.requests[0]!;
    expect(req.url).toBe('/api/library/v1/media?kind=video');
    expect(Number(req.headers['content-length'])).toBe(req.body.length);
    const [name, data] = parseMultipart(req);
    expect(name?.headers).toBe('Content-Disposition: form-data; name="name"');
    expect(name?.content.toString()).toBe('My clip');
    expect(data?.headers).toBe(
      'Content-Disposition: form-data; name="data"; filename="clip.mp4"\r\nContent-Type: video/mp4',
    );
    expect(data?.content.equals(bytes)).toBe(true);
  });

  it('reports the bytes of the file sent, from 0 to its size, in order', async () => {
    const bytes = randomBytes(3 * 1024 * 1024 + 777);
    const path = join(dir, 'progress.mp4');
    await writeFile(path, bytes);
    const seen: { sent: number; total: number | undefined }[] = [];
    await client.media.upload(path, { onProgress: (progress) => seen.push({ ...progress }) });
    expect(seen[0]).toEqual({ sent: 0, total: bytes.length });
    expect(seen.at(-1)).toEqual({ sent: bytes.length, total: bytes.length });
    // One report per 1 MiB chunk read from the file, never going backwards.
    expect(seen.length).toBe(1 + 4);
    for (let i = 1; i < seen.length; i++) expect(seen[i]!.sent).toBeGreaterThan(seen[i - 1]!.sent);
    expect(parseMultipart(server.requests[0]!)[0]?.content.equals(bytes)).toBe(true);
  });

  it('counts again from 0 when the upload is retried', async () => {
    statuses = [429];
    const path = join(dir, 'retried.mp4');
    await writeFile(path, randomBytes(2048));
    const sent: number[] = [];
    await client.media.upload(path, { onProgress: ({ sent: bytes }) => sent.push(bytes) });
    expect(server.requests).toHaveLength(2);
    expect(sent).toEqual([0, 2048, 0, 2048]);
  });

  it('keeps every byte in order through a slow reader, with buffers reused', async () => {
    // Random bytes over many 1 MiB chunks, read by a server that drains slowly so that the socket pushes back:
    // a buffer reused while still queued for the socket would show up as corrupted or repeated data here.
    const bytes = randomBytes(9 * 1024 * 1024 + 12_345);
    const path = join(dir, 'big.mkv');
    await writeFile(path, bytes);
    const received: Buffer[] = [];
    const slow = createServer(async (req, res) => {
      for await (const chunk of req) {
        received.push(chunk as Buffer);
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(media()));
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    const own = new DubbingClient({
      baseUrl: `http://127.0.0.1:${(slow.address() as AddressInfo).port}`,
      token: 't',
      env: {},
      logLevel: 'off',
    });
    try {
      await own.media.upload(path);
    } finally {
      await own.close();
      slow.close();
    }
    const body = Buffer.concat(received);
    const [data] = parseMultipart({
      method: 'POST',
      url: '/',
      headers: { 'content-type': contentTypeOf(body) },
      body,
    });
    expect(data?.content.length).toBe(bytes.length);
    expect(data?.content.equals(bytes)).toBe(true);
  });

  it('takes a file: URL', async () => {
    const path = join(dir, 'with space.mp3');
    await writeFile(path, Buffer.from([7, 7, 7]));
    await client.media.upload(pathToFileURL(path));
    const [data] = parseMultipart(server.requests[0]!);
    expect(data?.headers).toMatch(/filename="with space.mp3"\r\nContent-Type: audio\/mpeg$/);
    expect([...(data?.content ?? [])]).toEqual([7, 7, 7]);
  });

  it('takes a File with its own name and type', async () => {
    const file = new File([new Uint8Array([1, 2, 3])], 'take "2".webm', { type: 'video/webm' });
    await client.media.upload(file);
    const [data] = parseMultipart(server.requests[0]!);
    expect(data?.headers).toBe(
      'Content-Disposition: form-data; name="data"; filename="take %222%22.webm"\r\nContent-Type: video/webm',
    );
    expect([...(data?.content ?? [])]).toEqual([1, 2, 3]);
  });

  it('takes bytes with a file name, or an explicit content type', async () => {
    await client.media.upload(new Uint8Array([9, 8]), { filename: 'voice.wav' });
    await client.media.upload(new Uint8Array([9, 8]).buffer, {
      filename: 'voice.bin',
      contentType: 'audio/x-custom',
    });
    expect(parseMultipart(server.requests[0]!)[0]?.headers).toMatch(
      /filename="voice.wav"\r\nContent-Type: audio\/wav$/,
    );
    expect(parseMultipart(server.requests[1]!)[0]?.headers).toMatch(/Content-Type: audio\/x-custom$/);
  });

  it('streams a web ReadableStream of unknown length in chunks', async () => {
    const chunks = [randomBytes(70_000), randomBytes(5)];
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk);
        controller.close();
      },
    });
    await client.media.upload(stream, { filename: 'live.mp3' });
    const req = server.requests[0]!;
    expect(req.headers['content-length']).toBeUndefined();
    expect(req.headers['transfer-encoding']).toBe('chunked');
    expect(parseMultipart(req)[0]?.content.equals(Buffer.concat(chunks))).toBe(true);
  });

  it('replays a path upload after 429 with the whole file again', async () => {
    const bytes = randomBytes(100_000);
    const path = join(dir, 'again.mov');
    await writeFile(path, bytes);
    statuses = [429];
    await client.media.upload(path);
    expect(server.requests).toHaveLength(2);
    expect(parseMultipart(server.requests[1]!)[0]?.content.equals(bytes)).toBe(true);
  });

  it('does not retry a one-shot stream, which cannot be read twice', async () => {
    statuses = [429];
    const error = await client.media
      .upload(Readable.from([Buffer.from('abc')]), { filename: 'x.mp4' })
      .catch((e) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(server.requests).toHaveLength(1);
  });

  it('says which file cannot be read, before sending', async () => {
    const error = await client.media.upload(join(dir, 'missing.mp4')).catch((e) => e);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(error.message).toMatch(/file: cannot read .*missing\.mp4/);
    await expect(client.media.upload(dir)).rejects.toThrow(/is not a file/);
    await expect(client.media.upload(new Uint8Array(1), { kind: 'pdf' as never })).rejects.toThrow(/kind/);
    expect(server.requests).toHaveLength(0);
  });
});

describe('transcriptions.createFromSrt', () => {
  const srt = '1\n00:00:01,000 --> 00:00:02,000\nHello\n';

  it('sends src.0/dst.0 files and the languages as query and form fields', async () => {
    await client.transcriptions.createFromSrt({
      src: { lang: 'en', srt },
      dst: { lang: 'es-es', srt: new Blob(['1\n00:00:01,000 --> 00:00:02,000\nHola\n']) },
    });
    const req = server.requests[0]!;
    expect(req.url).toBe('/v2/transcriptions/srt?src=en&dst=es-es');
    const parts = parseMultipart(req);
    expect(parts.map((p) => p.headers.split('\r\n')[0])).toEqual([
      'Content-Disposition: form-data; name="src"',
      'Content-Disposition: form-data; name="src.0"; filename="src.srt"',
      'Content-Disposition: form-data; name="dst"',
      'Content-Disposition: form-data; name="dst.0"; filename="dst.srt"',
    ]);
    expect(parts[0]?.content.toString()).toBe('en');
    expect(parts[1]?.content.toString()).toBe(srt);
    expect(parts[3]?.content.toString()).toContain('Hola');
  });

  it('sends a ready form and query as they are', async () => {
    const form = new FormData();
    form.append('dst', 'fr');
    form.append('dst.0', new Blob([srt]), 'fr.srt');
    await client.transcriptions.createFromSrt({ form, query: new URLSearchParams({ dst: 'fr' }) });
    const req = server.requests[0]!;
    expect(req.url).toBe('/v2/transcriptions/srt?dst=fr');
    expect(parseMultipart(req).map((p) => p.content.toString())).toEqual(['fr', srt]);
  });

  it('checks languages and that a file is given', async () => {
    await expect(client.transcriptions.createFromSrt({})).rejects.toThrow(
      /Expected a src or a dst .srt file/,
    );
    await expect(client.transcriptions.createFromSrt({ src: { lang: 'en-us', srt } })).rejects.toThrow(
      /src\.lang/,
    );
    expect(server.requests).toHaveLength(0);
  });
});

describe('contentTypeFor', () => {
  it('knows common media extensions, case-insensitively', () => {
    expect(contentTypeFor('a.MP4')).toBe('video/mp4');
    expect(contentTypeFor('b.m4a')).toBe('audio/mp4');
    expect(contentTypeFor('c.jpeg')).toBe('image/jpeg');
    expect(contentTypeFor('noext')).toBe('application/octet-stream');
  });
});

describe('the ring of reused read buffers', () => {
  /** Every chunk a file part yields, kept as yielded (not copied), with a copy of its bytes at that moment. */
  async function chunksOf(path: string, reuseBuffers: boolean) {
    const part = await resolveFile(path, {});
    const chunks: { view: Uint8Array; bytes: Buffer }[] = [];
    for await (const chunk of part.open({ reuseBuffers }))
      chunks.push({ view: chunk, bytes: Buffer.from(chunk) });
    return chunks;
  }

  it('is used only with an undici major whose writer it was checked against', () => {
    expect(ringAllowedWith('7.30.2')).toBe(true);
    expect(ringAllowedWith('8.0.0')).toBe(false);
    expect(ringAllowedWith('6.21.0')).toBe(false);
    expect(ringAllowedWith(undefined)).toBe(false);
  });

  it('recycles its buffers when allowed: the fifth chunk is read into the first one', async () => {
    const bytes = randomBytes(6 * 1024 * 1024);
    const path = join(dir, 'ring.bin');
    await writeFile(path, bytes);
    const chunks = await chunksOf(path, true);
    expect(Buffer.concat(chunks.map((chunk) => chunk.bytes)).equals(bytes)).toBe(true);
    expect(chunks[4]!.view.buffer).toBe(chunks[0]!.view.buffer);
  });

  it('falls back to a fresh buffer per chunk, never overwriting one handed on', async () => {
    const bytes = randomBytes(6 * 1024 * 1024 + 99);
    const path = join(dir, 'fresh.bin');
    await writeFile(path, bytes);
    const chunks = await chunksOf(path, false);
    expect(new Set(chunks.map((chunk) => chunk.view.buffer)).size).toBe(chunks.length);
    // Each chunk still holds what it held when it was handed on, after the whole file was read.
    for (const chunk of chunks) expect(Buffer.from(chunk.view).equals(chunk.bytes)).toBe(true);
    expect(Buffer.concat(chunks.map((chunk) => chunk.view)).equals(bytes)).toBe(true);
  });
});

import { createServer, type IncomingMessage, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpError } from './errors.ts';
import { type MultipartLimits, readMultipart } from './multipart.ts';

const BOUNDARY = '----dubkitBoundary42';
const LIMITS: MultipartLimits = { fileBytes: 1024, files: 2, fields: 4, fieldBytes: 64 };
const part = (headers: string, content: string) => `--${BOUNDARY}\r\n${headers}\r\n\r\n${content}\r\n`;
const close = `--${BOUNDARY}--\r\n`;

const servers: ReturnType<typeof createServer>[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** Posts `body` to a server that runs readMultipart on it; resolves with what the parser gave or threw. */
async function parse(body: string | Buffer, limits = LIMITS) {
  let seen: Promise<unknown> | undefined;
  const files: { name: string; filename: string; mimeType: string; bytes: string }[] = [];
  const server = createServer((incoming: IncomingMessage, response) => {
    seen = readMultipart(incoming, limits, async (file) => {
      const chunks: Buffer[] = [];
      for await (const chunk of file.stream) chunks.push(chunk as Buffer);
      files.push({ ...file, stream: undefined, bytes: Buffer.concat(chunks).toString() } as never);
    }).then(
      (result) => result,
      (error: unknown) => error,
    );
    void seen.then(() => response.end());
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => {
    const req = request(
      { port, method: 'POST', headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } },
      (res) => res.resume().on('end', resolve),
    );
    req.on('error', () => resolve());
    req.end(body);
  });
  return { result: await seen, files };
}

describe('readMultipart', () => {
  it('streams file parts to their consumer and collects fields', async () => {
    const { result, files } = await parse(
      part('Content-Disposition: form-data; name="name"', 'My clip') +
        part(
          'Content-Disposition: form-data; name="data"; filename="a.bin"\r\nContent-Type: application/octet-stream',
          `first\r\n--${BOUNDARY.slice(0, 6)} not a boundary\r\nlast`,
        ) +
        close,
    );
    expect((result as { fields: Map<string, string[]> }).fields.get('name')).toEqual(['My clip']);
    expect(files).toEqual([
      {
        name: 'data',
        filename: 'a.bin',
        mimeType: 'application/octet-stream',
        bytes: `first\r\n--${BOUNDARY.slice(0, 6)} not a boundary\r\nlast`,
      } as never,
    ]);
  });

  it('answers 413 for a file part past its limit, too many parts or a field past its limit', async () => {
    const file = (name: string, size: number) =>
      part(`Content-Disposition: form-data; name="${name}"; filename="x.bin"`, 'x'.repeat(size));
    const big = await parse(file('data', 2000) + close);
    expect(big.result).toBeInstanceOf(HttpError);
    expect(big.result).toMatchObject({
      status: 413,
      body: { detail: 'The file part "data" is larger than 1024 bytes' },
    });
    const many = await parse(file('a', 1) + file('b', 1) + file('c', 1) + close);
    expect(many.result).toMatchObject({
      status: 413,
      body: { detail: 'The body has more than 2 file parts' },
    });
    const field = await parse(part('Content-Disposition: form-data; name="name"', 'n'.repeat(100)) + close);
    expect(field.result).toMatchObject({
      status: 413,
      body: { detail: 'The field "name" is larger than 64 bytes' },
    });
    const fields = await parse(
      Array.from({ length: 6 }, (_, i) => part(`Content-Disposition: form-data; name="f${i}"`, 'v')).join(
        '',
      ) + close,
    );
    expect(fields.result).toMatchObject({ status: 413 });
  });

  it('answers 422, never throws, for a body cut short or a malformed filename*', async () => {
    const cut = await parse(part('Content-Disposition: form-data; name="name"', 'x').slice(0, -4));
    expect(cut.result).toMatchObject({ status: 422 });
    const star = await parse(
      part(`Content-Disposition: form-data; name="data"; filename*=UTF-8''%E0%A4%A`, 'bytes') + close,
    );
    // Whatever busboy makes of the bad encoding, it is an answer, not a crash.
    expect(star.result instanceof HttpError || star.files.length === 1).toBe(true);
  });
});

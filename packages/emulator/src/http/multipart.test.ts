import { describe, expect, it } from 'vitest';
import { boundaryOf, parseMultipart } from './multipart.ts';

const BOUNDARY = '----dubkitBoundary42';
const body = [
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="name"\r\n\r\nMy clip\r\n`,
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="data"; filename="a.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  `first\r\n--${BOUNDARY.slice(0, 6)} not a boundary\r\nlast`,
  `\r\n--${BOUNDARY}--\r\n`,
].join('');

async function* chunked(text: string, size: number) {
  const bytes = Buffer.from(text);
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

describe('parseMultipart', () => {
  it('streams file parts to their sink and collects fields, whatever the chunk size', async () => {
    for (const size of [1, 3, 7, 64, 100_000]) {
      const written: Buffer[] = [];
      let ended = false;
      const result = await parseMultipart(chunked(body, size), BOUNDARY, {
        onFile: (info) => {
          expect(info).toEqual({ name: 'data', filename: 'a.bin', contentType: 'application/octet-stream' });
          return {
            write: (chunk) => void written.push(Buffer.from(chunk)),
            end: async () => {
              ended = true;
            },
          };
        },
      });
      expect(Buffer.concat(written).toString()).toBe(
        `first\r\n--${BOUNDARY.slice(0, 6)} not a boundary\r\nlast`,
      );
      expect(ended).toBe(true);
      expect(result.fields.get('name')).toEqual(['My clip']);
      expect(result.files).toEqual(['data']);
    }
  });

  it('rejects a body cut before its closing boundary and fields over the limit', async () => {
    await expect(
      parseMultipart(chunked(body.slice(0, -10), 16), BOUNDARY, { onFile: () => undefined }),
    ).rejects.toThrow(/closing boundary/);
    await expect(
      parseMultipart(chunked(body, 16), BOUNDARY, { onFile: () => undefined, maxFieldBytes: 3 }),
    ).rejects.toThrow(/larger than 3 bytes/);
  });

  it('reads the boundary from the Content-Type header', () => {
    expect(boundaryOf('multipart/form-data; boundary=abc')).toBe('abc');
    expect(boundaryOf('multipart/form-data; boundary="a b"')).toBe('a b');
    expect(boundaryOf('application/json')).toBeUndefined();
  });
});

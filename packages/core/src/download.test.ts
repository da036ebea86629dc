import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DubbingClient } from './client.ts';
import { NotFoundError } from './errors.ts';
import { startServer, type TestServer } from './test-support/server.ts';

const FILE = randomBytes(700_000);
let dir: string;
let server: TestServer;
let client: DubbingClient;
/** What the next requests get: a status, or 'cut' for a body that stops half-way. */
let plan: (number | 'cut')[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dubkit-core-download-'));
  server = await startServer((_req, res) => {
    const step = plan.shift() ?? 200;
    if (step === 'cut') {
      res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': String(FILE.length) });
      res.write(FILE.subarray(0, 1000), () => res.destroy());
    } else if (step === 200) {
      res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': String(FILE.length) });
      res.end(FILE);
    } else {
      res.writeHead(step, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ detail: 'Not Found' }));
    }
  });
  client = new DubbingClient({
    baseUrl: server.url,
    token: 'secret-token',
    env: {},
    logLevel: 'off',
    retryDelay: { initialMs: 1, maxMs: 2 },
  });
});
afterEach(() => {
  server.requests.length = 0;
  plan = [];
});
afterAll(async () => {
  await client.close();
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

describe('media.download', () => {
  it('streams the link into the file, creating its folder, with progress up to Content-Length', async () => {
    const path = join(dir, 'nested', 'video.mp4');
    const seen: { received: number; total: number | undefined }[] = [];
    const result = await client.media.download(`${server.url}/files/p/video.mp4`, path, {
      onProgress: (progress) => seen.push({ ...progress }),
    });
    expect(result).toEqual({ path, bytes: FILE.length, contentType: 'video/mp4' });
    expect((await readFile(path)).equals(FILE)).toBe(true);
    expect(seen[0]).toEqual({ received: 0, total: FILE.length });
    expect(seen.at(-1)).toEqual({ received: FILE.length, total: FILE.length });
    // The token is for the API; a storage link gets none.
    expect(server.requests[0]!.headers.authorization).toBeUndefined();
  });

  it('retries a connection cut half-way and leaves no partial file behind', async () => {
    plan = ['cut', 503];
    const path = join(dir, 'retried', 'video.mp4');
    await client.media.download(`${server.url}/v.mp4`, path);
    expect(server.requests).toHaveLength(3);
    expect((await readFile(path)).equals(FILE)).toBe(true);
    expect(await readdir(join(dir, 'retried'))).toEqual(['video.mp4']);
  });

  it('throws the API error of a missing file without creating it', async () => {
    plan = [404];
    const path = join(dir, 'missing', 'video.mp4');
    await expect(client.media.download(`${server.url}/gone.mp4`, path)).rejects.toBeInstanceOf(NotFoundError);
    expect(await readdir(join(dir, 'missing'))).toEqual([]);
  });

  it('refuses a link that is not http(s)', async () => {
    await expect(client.media.download('file:///etc/passwd', join(dir, 'x'))).rejects.toThrow(
      /http\(s\) link/,
    );
  });
});

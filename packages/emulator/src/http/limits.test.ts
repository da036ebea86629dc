// Bodies are read against limits without being buffered: asserted by how many bytes the server pulled from a
// bounded (lazily made) body when it answered, never by timing.
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { harness, TOKEN } from '../test-support/harness.ts';
import { sameSecret } from './auth.ts';
import { readLimited } from './body.ts';

const MiB = 1024 * 1024;

/**
 * Sends `total` bytes chunked (no Content-Length), made 64 KiB at a time only as the socket takes them, and
 * resolves with the answer and how many bytes had been handed to the socket when the answer came.
 */
function chunkedPost(url: string, path: string, headers: Record<string, string>, total: number) {
  return new Promise<{ status: number; body: string; sentAtAnswer: number }>((resolve, reject) => {
    const target = new URL(path, url);
    const req = request(target, { method: 'POST', headers: { ...headers, 'transfer-encoding': 'chunked' } });
    let sent = 0;
    let answered = false;
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const pump = () => {
      while (!answered && sent < total) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      if (!answered) req.end();
    };
    req.on('response', (res) => {
      answered = true;
      const sentAtAnswer = sent;
      let body = '';
      res.on('data', (data) => {
        body += data;
      });
      res.on('end', () => {
        // The rest of the body is never sent: the answer is all the test needed.
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body, sentAtAnswer });
      });
    });
    // Writing into a socket the server closed after answering is expected; only an error before the answer counts.
    req.on('error', (error) => (answered ? undefined : reject(error)));
    pump();
  });
}

describe('request size limits', () => {
  it('stops reading a body at the first chunk past its limit', async () => {
    let pulled = 0;
    async function* endless() {
      for (;;) {
        pulled += 1000;
        yield new Uint8Array(1000);
      }
    }
    await expect(readLimited(endless(), undefined, 10_500, 'The body')).rejects.toMatchObject({
      status: 413,
      body: { detail: 'The body is larger than 10500 bytes' },
    });
    expect(pulled).toBe(11_000);
    // A declared length over the limit is refused before anything is read.
    pulled = 0;
    await expect(readLimited(endless(), String(20_000), 10_500, 'The body')).rejects.toMatchObject({
      status: 413,
    });
    expect(pulled).toBe(0);
  });

  it('answers a huge chunked JSON body 413 long before it ends', async () => {
    const h = await harness();
    const answer = await chunkedPost(
      h.url,
      '/v2/glossaries',
      { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      512 * MiB,
    );
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ detail: 'The body is larger than 11534336 bytes' });
    // 11 MiB is the limit; what the socket and the kernel buffer may add stays far below the half GiB offered.
    expect(answer.sentAtAnswer).toBeLessThan(64 * MiB);
  });

  it('authenticates API requests before reading their bodies', async () => {
    const h = await harness();
    for (const path of ['/api/library/v1/media', '/v2/glossaries']) {
      const answer = await chunkedPost(
        h.url,
        path,
        { 'content-type': 'multipart/form-data; boundary=x' },
        512 * MiB,
      );
      expect(answer.status, path).toBe(401);
      expect(answer.sentAtAnswer, path).toBeLessThan(32 * MiB);
    }
  });

  it('authenticates a Basic client before reading the token form, and bounds the form', async () => {
    const h = await harness({ clients: [{ clientId: 'app', clientSecret: 's3cret', account: 'a' }] });
    const wrong = `Basic ${Buffer.from('app:nope').toString('base64')}`;
    const refused = await chunkedPost(
      h.url,
      '/oauth2/token',
      { authorization: wrong, 'content-type': 'application/x-www-form-urlencoded' },
      512 * MiB,
    );
    expect(refused.status).toBe(401);
    expect(refused.sentAtAnswer).toBeLessThan(32 * MiB);
    const unauthenticated = await chunkedPost(
      h.url,
      '/oauth2/token',
      { 'content-type': 'application/x-www-form-urlencoded' },
      512 * MiB,
    );
    expect(unauthenticated.status).toBe(413);
    expect(unauthenticated.sentAtAnswer).toBeLessThan(32 * MiB);
  });

  it('refuses an upload past maxUploadBytes with 413 and keeps nothing of it', async () => {
    const h = await harness({ maxUploadBytes: 256 * 1024 });
    const form = new FormData();
    form.set('data', new Blob([new Uint8Array(300 * 1024)]), 'big.mp4');
    const response = await fetch(`${h.url}/api/library/v1/media`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}` },
      body: form,
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ detail: 'The file part "data" is larger than 262144 bytes' });
    const stats = (await h.call('GET', '/_admin/stats')).body;
    expect(stats.media).toBe(0);
    // A file under the limit still goes through.
    expect((await h.upload('video-with-audio.mp4')).status).toBe(200);
  });

  it('refuses a linked file past maxLinkBytes with 413, whether its length is declared or not', async () => {
    const big = Buffer.alloc(200 * 1024, 1);
    const server = createServer((req, res) => {
      if (req.url === '/declared.mp4') res.writeHead(200, { 'content-length': big.length });
      else res.writeHead(200); // chunked: no length said beforehand
      res.end(big);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const h = await harness({ allowLinkHosts: [host], maxLinkBytes: 100 * 1024 });
      for (const file of ['declared.mp4', 'chunked.mp4']) {
        const answer = await h.call('POST', '/api/library/v1/media/link', { link: `http://${host}/${file}` });
        expect(answer.status, file).toBe(413);
        expect(answer.body).toEqual({ detail: 'The linked file is larger than 102400 bytes' });
      }
    } finally {
      server.close();
    }
  });
});

describe('client secrets', () => {
  it('compares secrets of any lengths without throwing, and only equal ones match', () => {
    expect(sameSecret('s3cret', 's3cret')).toBe(true);
    expect(sameSecret('s3cret', 's3creT')).toBe(false);
    expect(sameSecret('short', 'a much longer secret')).toBe(false);
    expect(sameSecret('', 'x')).toBe(false);
  });
});

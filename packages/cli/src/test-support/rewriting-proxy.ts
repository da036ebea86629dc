// A service that answers as a hostile one would: every request is passed to the emulator, and each JSON answer
// is changed by `rewrite` before the CLI reads it (a project's dst_lang made into a path, say).
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';

const servers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((close) => close()));
});

/** Starts the proxy in front of `upstream` (an emulator's URL); closed after the test. Returns its URL. */
export async function rewritingProxy(upstream: string, rewrite: (body: unknown) => unknown): Promise<string> {
  const target = new URL(upstream);
  const server = createServer((incoming, outgoing) => {
    const forwarded = request(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, host: target.host },
      },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          let body = Buffer.concat(chunks);
          if (String(answer.headers['content-type']).includes('application/json') && body.length > 0) {
            body = Buffer.from(JSON.stringify(rewrite(JSON.parse(body.toString('utf8')))));
          }
          const headers = { ...answer.headers, 'content-length': String(body.length) };
          delete headers['transfer-encoding'];
          outgoing.writeHead(answer.statusCode ?? 502, headers).end(body);
        });
      },
    );
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

// A real HTTP server on 127.0.0.1 for tests where timing, streaming or connections matter.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Recorded {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

export type Handler = (req: Recorded, res: ServerResponse) => void | Promise<void>;

export interface TestServer {
  url: string;
  requests: Recorded[];
  close(): Promise<void>;
}

export async function startServer(handler: Handler): Promise<TestServer> {
  const requests: Recorded[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const recorded = {
      method: req.method ?? '',
      url: req.url ?? '',
      headers: req.headers,
      body: Buffer.concat(chunks),
    };
    requests.push(recorded);
    await handler(recorded, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** A valid project record for responses. */
export function project(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: '11111111-2222-4333-8444-555555555555',
    name: 'demo',
    source_type: 'local',
    created_at: '2026-01-01T00:00:00Z',
    status: 'created',
    status_updated_at: '2026-01-01T00:00:00Z',
    src_lang: 'en',
    dst_lang: 'es',
    ...overrides,
  };
}

/** A valid media record for responses. */
export function media(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    kind: 'video',
    status: 'processing',
    mime_type: 'video/mp4',
    user_id: '11111111-2222-4333-8444-555555555555',
    meta: null,
    id: '66666666-2222-4333-8444-555555555555',
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    path: 'media/clip.mp4',
    ...overrides,
  };
}

export interface CapturedLog {
  level: string;
  message: string;
  details: unknown;
}

export function captureLogger() {
  const lines: CapturedLog[] = [];
  const at = (level: string) => (message: string, details?: Record<string, unknown>) => {
    lines.push({ level, message, details });
  };
  return { lines, logger: { error: at('error'), warn: at('warn'), info: at('info'), debug: at('debug') } };
}

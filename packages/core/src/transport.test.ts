import { MockAgent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { DubbingClient, type DubbingClientOptions } from './client.ts';
import {
  AbortError,
  ApiError,
  ApiValidationError,
  AuthenticationError,
  ConflictError,
  ConnectionError,
  InsufficientCreditsError,
  MediaCreationError,
  NotFoundError,
  RateLimitError,
  ServerError,
  TimeoutError,
} from './errors.ts';
import { captureLogger, json, project, startServer, type TestServer } from './test-support/server.ts';

const VIDEO_ID = '66666666-2222-4333-8444-555555555555';
const PROJECT_ID = '11111111-2222-4333-8444-555555555555';

let server: TestServer | undefined;
let client: DubbingClient | undefined;

afterEach(async () => {
  await client?.close();
  await server?.close();
  client = undefined;
  server = undefined;
});

function connect(options: DubbingClientOptions = {}): DubbingClient {
  client = new DubbingClient({
    baseUrl: server?.url,
    token: 'secret-token-123',
    retryDelay: { initialMs: 1, maxMs: 5 },
    env: {},
    logLevel: 'off',
    ...options,
  });
  return client;
}

/** Answers with each status in turn (then 200 with a project). */
async function serveSequence(statuses: number[], headers: Record<string, string> = {}): Promise<TestServer> {
  let call = 0;
  server = await startServer((_req, res) => {
    const status = statuses[call++];
    if (status === undefined) json(res, 200, project());
    else json(res, status, { detail: `status ${status}` }, headers);
  });
  return server;
}

describe('retry rules', () => {
  it.each([408, 429, 500, 502, 503, 504])('retries a GET after %i', async (status) => {
    const s = await serveSequence([status, status]);
    const found = await connect().projects.get(PROJECT_ID);
    expect(found.id).toBe(PROJECT_ID);
    expect(s.requests).toHaveLength(3);
  });

  it.each([
    ['PATCH', (c: DubbingClient) => c.projects.update(PROJECT_ID, { name: 'x' })],
    ['DELETE', (c: DubbingClient) => c.glossaries.delete(PROJECT_ID)],
    ['PUT', (c: DubbingClient) => c.lipsync.checkFace(PROJECT_ID)],
  ])('retries a %s after 503', async (method, call) => {
    let calls = 0;
    server = await startServer((_req, res) => {
      if (calls++ === 0) json(res, 503, { detail: 'busy' });
      else json(res, 200, { id: PROJECT_ID, ...project(), check_face_task_status: 'started' });
    });
    await call(connect());
    expect(server.requests.map((r) => r.method)).toEqual([method, method]);
  });

  it('gives up after maxRetries with the last error', async () => {
    const s = await serveSequence([500, 500, 500, 500], { 'x-request-id': 'req-42' });
    const error = await connect({ maxRetries: 2 })
      .projects.get(PROJECT_ID)
      .catch((e) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect(error).toMatchObject({ status: 500, requestId: 'req-42', body: { detail: 'status 500' } });
    expect(s.requests).toHaveLength(3);
  });

  it('honours a per-call maxRetries of 0', async () => {
    const s = await serveSequence([503]);
    await expect(connect().projects.get(PROJECT_ID, { maxRetries: 0 })).rejects.toBeInstanceOf(ServerError);
    expect(s.requests).toHaveLength(1);
  });

  it.each([
    ['project create', (c: DubbingClient) => c.projects.create({ video_id: VIDEO_ID, dst_lang: 'es' })],
    ['generate', (c: DubbingClient) => c.projects.generate(PROJECT_ID)],
    [
      'glossary create',
      (c: DubbingClient) =>
        c.glossaries.create({ name: 'g', src_lang: 'en', dst_lang: 'es', entries: { a: 'b' } }),
    ],
    ['media upload', (c: DubbingClient) => c.media.upload(new Uint8Array([1, 2, 3]), { filename: 'a.mp4' })],
    [
      'SRT transcription',
      (c: DubbingClient) =>
        c.transcriptions.createFromSrt({
          src: { lang: 'en', srt: '1\n00:00:01,000 --> 00:00:02,000\nHi\n' },
        }),
    ],
  ])('never retries a paid POST (%s) after a 5xx', async (_name, call) => {
    const s = await serveSequence([500, 500, 500]);
    await expect(call(connect())).rejects.toBeInstanceOf(ServerError);
    expect(s.requests).toHaveLength(1);
  });

  it('retries a paid POST after 429', async () => {
    const s = await serveSequence([429], { 'retry-after': '0' });
    await connect().projects.create({ video_id: VIDEO_ID, dst_lang: 'es' });
    expect(s.requests).toHaveLength(2);
  });

  it('never retries a paid POST after a timeout, but retries a GET', async () => {
    server = await startServer((_req, res) => {
      const timer = setTimeout(() => json(res, 200, project()), 5000);
      res.on('close', () => clearTimeout(timer));
    });
    // undici checks its timers about every half second, so a short timeout fires within roughly a second.
    const c = connect({ timeoutMs: 100, maxRetries: 1 });
    const post = await c.projects.create({ video_id: VIDEO_ID, dst_lang: 'es' }).catch((e) => e);
    expect(post).toBeInstanceOf(TimeoutError);
    expect(post.message).toMatch(/POST \/v2\/projects timed out: no response for 100 ms/);
    const get = await c.projects.get(PROJECT_ID).catch((e) => e);
    expect(get).toBeInstanceOf(TimeoutError);
    expect(server.requests.map((r) => r.method)).toEqual(['POST', 'GET', 'GET']);
  });

  it('retries a paid POST on connection refused (nothing was sent) but not on a reset', async () => {
    const agent = new MockAgent();
    agent.disableNetConnect();
    const pool = agent.get('http://api.test');
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
    const reset = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    pool.intercept({ path: '/v2/projects', method: 'POST' }).replyWithError(refused);
    pool
      .intercept({ path: '/v2/projects', method: 'POST' })
      .reply(200, project(), { headers: { 'content-type': 'application/json' } });
    const c = connect({ baseUrl: 'http://api.test', dispatcher: agent });
    expect((await c.projects.create({ video_id: VIDEO_ID, dst_lang: 'es' })).id).toBe(PROJECT_ID);

    pool.intercept({ path: '/v2/projects', method: 'POST' }).replyWithError(reset);
    const error = await c.projects.create({ video_id: VIDEO_ID, dst_lang: 'es' }).catch((e) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error.refused).toBe(false);

    pool.intercept({ path: `/v2/projects/${PROJECT_ID}`, method: 'GET' }).replyWithError(reset);
    pool
      .intercept({ path: `/v2/projects/${PROJECT_ID}`, method: 'GET' })
      .reply(200, project(), { headers: { 'content-type': 'application/json' } });
    expect((await c.projects.get(PROJECT_ID)).id).toBe(PROJECT_ID);
    agent.assertNoPendingInterceptors();
    await agent.close();
  });

  it('reports a real refused connection as refused', async () => {
    const closed = await startServer(() => {});
    const url = closed.url;
    await closed.close();
    const error = await connect({ baseUrl: url, maxRetries: 1 })
      .credits.get()
      .catch((e) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error.refused).toBe(true);
    expect(error.codes).toContain('ECONNREFUSED');
    expect(error.message).toMatch(/ECONNREFUSED/);
  });
});

describe('credentials in a URL', () => {
  it("never prints a token URL's user info, nor repeats its origin, in errors or log lines", async () => {
    const { lines, logger } = captureLogger();
    const c = new DubbingClient({
      baseUrl: 'http://127.0.0.1:1',
      clientId: 'cid',
      clientSecret: 'csecret',
      tokenUrl: 'http://cid:csecret@127.0.0.1:1/oauth2/token',
      retryDelay: { initialMs: 1, maxMs: 2 },
      maxRetries: 1,
      env: {},
      logger,
      logLevel: 'debug',
    });
    client = c;
    const error = await c.projects.get(PROJECT_ID).catch((e: Error) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error.message).toMatch(/^POST http:\/\/127\.0\.0\.1:1\/oauth2\/token failed: /);
    const printed = [error.message, ...lines.map((l) => `${l.message} ${JSON.stringify(l.details)}`)];
    expect(lines.length).toBeGreaterThan(0);
    for (const text of printed) expect(text).not.toMatch(/cid:|csecret/);
  });
});

describe('Retry-After', () => {
  it('waits what retry-after-ms asks, then retries', async () => {
    const s = await serveSequence([429], { 'retry-after-ms': '20' });
    await connect().projects.get(PROJECT_ID);
    expect(s.requests).toHaveLength(2);
  });

  it('hands a wait longer than 60 s to the caller as RateLimitError', async () => {
    const s = await serveSequence([429], { 'retry-after': '120' });
    const error = await connect()
      .projects.get(PROJECT_ID)
      .catch((e) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.retryAfterMs).toBe(120_000);
    expect(s.requests).toHaveLength(1);
  });
});

describe('error mapping', () => {
  it.each([
    [400, { status: 'media_broken_error', status_code: 400, detail: 'broken' }, MediaCreationError],
    [401, { detail: 'Not authenticated' }, AuthenticationError],
    [402, { detail: 'Not enough minutes' }, InsufficientCreditsError],
    [404, { detail: 'Project not found' }, NotFoundError],
    [409, { detail: 'Project is processing' }, ConflictError],
    [422, { detail: [{ loc: ['body', 'dst_lang'], msg: 'bad', type: 'value_error' }] }, ApiValidationError],
    [418, { detail: 'teapot' }, ApiError],
  ])('maps %i to its class', async (status, body, kind) => {
    server = await startServer((_req, res) => json(res, status, body, { 'x-request-id': 'rid-1' }));
    const error = await connect({ maxRetries: 0 })
      .projects.get(PROJECT_ID)
      .catch((e) => e);
    expect(error).toBeInstanceOf(kind);
    expect(error).toMatchObject({ status, body, requestId: 'rid-1' });
  });

  it('gives MediaCreationError the documented status and ApiValidationError its detail', async () => {
    server = await startServer((req, res) =>
      req.url.startsWith('/api')
        ? json(res, 400, { status: 'media_mime_type_non_acceptable', status_code: 400, detail: 'pdf' })
        : json(res, 422, { detail: [{ loc: ['body', 'video_id'], msg: 'not found', type: 'value_error' }] }),
    );
    const c = connect();
    const media = await c.media.uploadLink({ link: 'https://example.com/a.pdf' }).catch((e) => e);
    expect(media.mediaStatus).toBe('media_mime_type_non_acceptable');
    const validation = await c.projects.create({ video_id: VIDEO_ID, dst_lang: 'es' }).catch((e) => e);
    expect(validation.detail[0].loc).toEqual(['body', 'video_id']);
    expect(validation.message).toMatch(/body\.video_id: not found/);
  });

  it('keeps a non-JSON error body as text', async () => {
    server = await startServer((_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html>bad gateway</html>');
    });
    const error = await connect({ maxRetries: 0 })
      .credits.get()
      .catch((e) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect(error.body).toBe('<html>bad gateway</html>');
  });

  it('exposes the request id of a success through withResponse()', async () => {
    server = await startServer((_req, res) => json(res, 200, project(), { 'x-request-id': 'abc' }));
    const response = await connect().projects.get(PROJECT_ID).withResponse();
    expect(response).toMatchObject({ status: 200, requestId: 'abc', data: { id: PROJECT_ID } });
  });
});

describe('lenient responses', () => {
  it('keeps unknown fields and statuses', async () => {
    server = await startServer((_req, res) =>
      json(res, 200, project({ status: 'quantum_dubbing', sparkle: true })),
    );
    const found = await connect().projects.get(PROJECT_ID);
    expect(found.status).toBe('quantum_dubbing');
    expect(found.sparkle).toBe(true);
  });

  it('returns an unexpected shape as it came and warns', async () => {
    server = await startServer((_req, res) => json(res, 200, { id: PROJECT_ID }));
    const { lines, logger } = captureLogger();
    const found = await connect({ logger, logLevel: 'warn' }).projects.get(PROJECT_ID);
    expect(found.id).toBe(PROJECT_ID);
    expect(lines[0]?.message).toMatch(/unexpected response shape from GET/);
  });
});

describe('abort and timeout', () => {
  it('aborts an in-flight request with AbortError and does not retry', async () => {
    server = await startServer((_req, res) => {
      setTimeout(() => json(res, 200, project()), 500);
    });
    const controller = new AbortController();
    const pending = connect().projects.get(PROJECT_ID, { signal: controller.signal });
    setTimeout(() => controller.abort(), 30);
    await expect(pending).rejects.toBeInstanceOf(AbortError);
    expect(server.requests.length).toBeLessThanOrEqual(1);
  });

  it('sends nothing when the signal already fired', async () => {
    server = await startServer((_req, res) => json(res, 200, project()));
    await expect(connect().projects.get(PROJECT_ID, { signal: AbortSignal.abort() })).rejects.toBeInstanceOf(
      AbortError,
    );
    expect(server.requests).toHaveLength(0);
  });

  it('aborts the wait between retries', async () => {
    server = await startServer((_req, res) => json(res, 503, { detail: 'busy' }));
    const controller = new AbortController();
    const pending = connect({ retryDelay: { initialMs: 10_000, maxMs: 10_000 } }).projects.get(PROJECT_ID, {
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toBeInstanceOf(AbortError);
    expect(server.requests).toHaveLength(1);
  });
});

describe('auth', () => {
  it('sends the static token as a bearer header', async () => {
    server = await startServer((_req, res) => json(res, 200, project()));
    await connect().projects.get(PROJECT_ID);
    expect(server.requests[0]?.headers.authorization).toBe('Bearer secret-token-123');
  });

  it('does not replay a 401 with a static token', async () => {
    const s = await serveSequence([401, 401]);
    await expect(connect().projects.get(PROJECT_ID)).rejects.toBeInstanceOf(AuthenticationError);
    expect(s.requests).toHaveLength(1);
  });

  it('gets a token with client credentials, refreshes once on 401 and replays', async () => {
    let issued = 0;
    server = await startServer((req, res) => {
      if (req.url === '/oauth2/token') {
        issued++;
        json(res, 200, { access_token: `tok-${issued}`, expires_in: 3600, token_type: 'Bearer' });
      } else if (req.headers.authorization === 'Bearer tok-1')
        json(res, 401, { detail: 'Not authenticated' });
      else json(res, 200, project());
    });
    const c = connect({
      token: undefined,
      clientId: 'id',
      clientSecret: 'sh:h',
      tokenUrl: `${server.url}/oauth2/token`,
    });
    const created = await c.projects.create({ video_id: VIDEO_ID, dst_lang: 'es' });
    expect(created.id).toBe(PROJECT_ID);
    const tokenRequest = server.requests[0]!;
    expect(tokenRequest.headers.authorization).toBe(`Basic ${Buffer.from('id:sh:h').toString('base64')}`);
    expect(tokenRequest.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(new URLSearchParams(tokenRequest.body.toString())).toEqual(
      new URLSearchParams({
        grant_type: 'client_credentials',
        scope: 'api/source api/input api/output api/limit',
      }),
    );
    expect(server.requests.map((r) => `${r.url} ${r.headers.authorization}`)).toEqual([
      expect.stringMatching(/^\/oauth2\/token Basic/),
      '/v2/projects Bearer tok-1',
      expect.stringMatching(/^\/oauth2\/token Basic/),
      '/v2/projects Bearer tok-2',
    ]);
    // The new token is cached.
    await c.projects.get(PROJECT_ID);
    expect(issued).toBe(2);
  });

  it('replays only once when the new token is refused too', async () => {
    server = await startServer((req, res) => {
      if (req.url === '/oauth2/token')
        json(res, 200, { access_token: 'tok', expires_in: 3600, token_type: 'Bearer' });
      else json(res, 401, { detail: 'Not authenticated' });
    });
    const c = connect({
      token: undefined,
      clientId: 'id',
      clientSecret: 's',
      tokenUrl: `${server.url}/oauth2/token`,
    });
    await expect(c.credits.get()).rejects.toBeInstanceOf(AuthenticationError);
    expect(server.requests.filter((r) => r.url === '/v2/credits')).toHaveLength(2);
  });

  it('turns a refused token request into AuthenticationError', async () => {
    server = await startServer((_req, res) => json(res, 400, { error: 'invalid_client' }));
    const c = connect({
      token: undefined,
      clientId: 'id',
      clientSecret: 's',
      tokenUrl: `${server.url}/oauth2/token`,
    });
    const error = await c.credits.get().catch((e) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error.message).toMatch(/Could not get a token from .*oauth2\/token.*client id and secret/);
  });

  it('reads credentials and base URL from the environment', async () => {
    server = await startServer((_req, res) => json(res, 200, project()));
    client = new DubbingClient({
      env: { DUBKIT_BASE_URL: server.url, DUBKIT_TOKEN: 'env-token' },
      logLevel: 'off',
    });
    await client.projects.get(PROJECT_ID);
    expect(server.requests[0]?.headers.authorization).toBe('Bearer env-token');
    expect(() => new DubbingClient({ env: {} })).toThrow(/No credentials/);
    expect(() => new DubbingClient({ env: { DUBKIT_CLIENT_ID: 'x' } })).toThrow(
      /both clientId and clientSecret/,
    );
    expect(new DubbingClient({ env: { DUBKIT_TOKEN: 't' } }).baseUrl).toBe('https://api.rask.ai');
  });
});

describe('logging', () => {
  it('logs each retry at debug level with the token redacted', async () => {
    await serveSequence([503, 502]);
    const { lines, logger } = captureLogger();
    await connect({ logger, logLevel: 'debug' }).projects.get(PROJECT_ID);
    const retries = lines.filter((line) => line.message.includes('retrying'));
    expect(retries).toHaveLength(2);
    expect(retries[0]?.message).toMatch(/retrying GET \/v2\/projects\/.* in \d+ ms/);
    const everything = JSON.stringify(lines);
    expect(everything).toContain('Bearer ***');
    expect(everything).not.toContain('secret-token-123');
  });

  it('never logs the client secret or the issued token', async () => {
    let calls = 0;
    server = await startServer((req, res) => {
      if (req.url === '/oauth2/token' && calls++ === 0) json(res, 503, { detail: 'busy' });
      else if (req.url === '/oauth2/token')
        json(res, 200, { access_token: 'issued-xyz', expires_in: 60, token_type: 'Bearer' });
      else if (calls++ === 2) json(res, 500, { detail: 'oops' });
      else
        json(res, 200, {
          minutes: { total: 1, used: 0 },
          video: { total: 1, used: 0 },
          lipsync_free_minutes: { total: 0, used: 0 },
        });
    });
    const { lines, logger } = captureLogger();
    const c = connect({
      token: undefined,
      clientId: 'cid',
      clientSecret: 'very-secret',
      tokenUrl: `${server.url}/oauth2/token`,
      logger,
      logLevel: 'debug',
    });
    await c.credits.get();
    const everything = JSON.stringify(lines);
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(everything).not.toContain(Buffer.from('cid:very-secret').toString('base64'));
    expect(everything).not.toContain('issued-xyz');
  });

  it('logs nothing below the chosen level', async () => {
    await serveSequence([503]);
    const { lines, logger } = captureLogger();
    await connect({ logger, logLevel: 'warn' }).projects.get(PROJECT_ID);
    expect(lines).toHaveLength(0);
  });
});

import { describe, expect, it } from 'vitest';
import { harness, type Json } from '../test-support/harness.ts';

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

async function token(url: string, authorization: string | undefined, body: string) {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (authorization) headers.authorization = authorization;
  const response = await fetch(`${url}/oauth2/token`, { method: 'POST', headers, body });
  return { status: response.status, body: (await response.json()) as Json };
}

describe('authentication', () => {
  it('answers 401 {"detail":"Not authenticated"} with WWW-Authenticate: Bearer without or with a bad token', async () => {
    const h = await harness();
    for (const auth of [null, 'wrong-token']) {
      const answer = await h.call('GET', '/v2/credits', undefined, auth);
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ detail: 'Not authenticated' });
      expect(answer.headers.get('www-authenticate')).toBe('Bearer');
    }
    const media = await fetch(`${h.url}/api/library/v1/media/00000000-0000-0000-0000-000000000000`);
    expect(media.status).toBe(401);
  });

  it('issues expiring tokens for client credentials sent with HTTP Basic auth', async () => {
    const h = await harness({
      clients: [{ clientId: 'app', clientSecret: 's3cret', account: 'acme' }],
      tokenTtlSeconds: 60,
    });
    const ok = await token(
      h.url,
      basic('app', 's3cret'),
      'grant_type=client_credentials&scope=api/source%20api/output',
    );
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ expires_in: 60, token_type: 'Bearer' });
    expect((await h.call('GET', '/v2/credits', undefined, ok.body.access_token)).status).toBe(200);

    h.emulator.advanceClock(61_000);
    expect((await h.call('GET', '/v2/credits', undefined, ok.body.access_token)).status).toBe(401);
  });

  it('takes the client id and secret as form fields too (client_secret_post, what the vendor SDK sends)', async () => {
    const h = await harness({ clients: [{ clientId: 'app', clientSecret: 's3 cret+', account: 'acme' }] });
    const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
    const ok = await token(
      h.url,
      undefined,
      form({
        grant_type: 'client_credentials',
        client_id: 'app',
        client_secret: 's3 cret+',
        scope: 'api/source',
      }),
    );
    expect(ok.status).toBe(200);
    expect((await h.call('GET', '/v2/credits', undefined, ok.body.access_token)).status).toBe(200);
    const wrong = await token(
      h.url,
      undefined,
      form({ grant_type: 'client_credentials', client_id: 'app', client_secret: 's3 cret' }),
    );
    expect(wrong).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
    // Both methods in one request: RFC 6749 allows one.
    const both = await token(
      h.url,
      basic('app', encodeURIComponent('s3 cret+')),
      form({ grant_type: 'client_credentials', client_id: 'app', client_secret: 's3 cret+' }),
    );
    expect(both).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
  });

  it('refuses a wrong secret, a missing Basic header, another grant type and unknown scopes', async () => {
    const h = await harness({ clients: [{ clientId: 'app', clientSecret: 's3cret', account: 'acme' }] });
    expect(await token(h.url, basic('app', 'nope'), 'grant_type=client_credentials')).toMatchObject({
      status: 401,
      body: { error: 'invalid_client' },
    });
    expect((await token(h.url, undefined, 'grant_type=client_credentials')).status).toBe(401);
    expect(await token(h.url, basic('app', 's3cret'), 'grant_type=password')).toMatchObject({
      status: 400,
      body: { error: 'unsupported_grant_type' },
    });
    expect(
      await token(h.url, basic('app', 's3cret'), 'grant_type=client_credentials&scope=api/admin'),
    ).toMatchObject({
      status: 400,
      body: { error: 'invalid_scope' },
    });
  });

  it('keeps accounts apart: one account cannot see or change another one’s records', async () => {
    const h = await harness({ tokens: { 'token-a': 'a', 'token-b': 'b' } });
    const project = await h.project({}, 'video-with-audio.mp4', 'token-a');
    const glossary = await h.call(
      'POST',
      '/v2/glossaries',
      { name: 'g', src_lang: 'en', dst_lang: 'es', entries: { hello: 'hola' } },
      'token-a',
    );
    expect((await h.call('GET', `/v2/projects/${project.id}`, undefined, 'token-b')).body).toEqual({
      detail: 'Project not found',
    });
    expect((await h.call('GET', `/v2/glossaries/${glossary.body.id}`, undefined, 'token-b')).status).toBe(
      404,
    );
    const media = await h.call(
      'GET',
      `/api/library/v1/media/${project.original_video.split('/')[5]}`,
      undefined,
      'token-b',
    );
    expect(media.body).toMatchObject({ status: 'not_found', status_code: 404 });
    expect((await h.call('GET', '/v2/projects', undefined, 'token-b')).body).toEqual({
      total: 0,
      offset: 0,
      projects: [],
    });
    expect((await h.call('GET', '/v2/projects', undefined, 'token-a')).body.total).toBe(1);
    const credits = await h.call('GET', '/v2/credits', undefined, 'token-b');
    expect(credits.body.video.used).toBe(0);
  });

  it('accepts "dev-token" when started without tokens or clients', async () => {
    const h = await harness({ tokens: undefined });
    expect((await h.call('GET', '/v2/credits', undefined, 'dev-token')).status).toBe(200);
  });
});

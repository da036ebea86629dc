import { describe, expect, it } from 'vitest';
import { ClientCredentialsAuth } from './auth.ts';

const credentials = {
  clientId: 'id',
  clientSecret: 'secret',
  tokenUrl: 'http://127.0.0.1/token',
  scopes: ['api/source'],
};

function fakeIssuer(expiresIn = 3600) {
  const calls: { url: string; authorization: string; form: string }[] = [];
  let release: (() => void) | undefined;
  let gate: Promise<void> = Promise.resolve();
  return {
    calls,
    hold() {
      gate = new Promise((resolve) => {
        release = resolve;
      });
    },
    release: () => release?.(),
    requestToken: async (request: { url: string; authorization: string; form: string }) => {
      calls.push(request);
      await gate;
      return { access_token: `t${calls.length}`, expires_in: expiresIn, token_type: 'Bearer' };
    },
  };
}

describe('client credentials', () => {
  it('caches the token and refreshes it shortly before it expires', async () => {
    let now = 1_000_000;
    const issuer = fakeIssuer(3600);
    const auth = new ClientCredentialsAuth(credentials, issuer.requestToken, () => now);
    expect(await auth.header()).toBe('Bearer t1');
    now += 3_000_000; // 50 minutes: still well inside the hour
    expect(await auth.header()).toBe('Bearer t1');
    now += 550_000; // 59 min 10 s: inside the last minute, so refreshed before it can expire in flight
    expect(await auth.header()).toBe('Bearer t2');
    expect(issuer.calls).toHaveLength(2);
    expect(issuer.calls[0]?.form).toBe('grant_type=client_credentials&scope=api%2Fsource');
  });

  it('keeps a short-lived token for most of its life', async () => {
    let now = 0;
    const issuer = fakeIssuer(10);
    const auth = new ClientCredentialsAuth(credentials, issuer.requestToken, () => now);
    await auth.header();
    now = 8_900;
    await auth.header();
    expect(issuer.calls).toHaveLength(1);
    now = 9_100;
    await auth.header();
    expect(issuer.calls).toHaveLength(2);
  });

  it('fetches once for many concurrent callers', async () => {
    const issuer = fakeIssuer();
    issuer.hold();
    const auth = new ClientCredentialsAuth(credentials, issuer.requestToken);
    const headers = Promise.all([auth.header(), auth.header(), auth.header()]);
    issuer.release();
    expect(await headers).toEqual(['Bearer t1', 'Bearer t1', 'Bearer t1']);
    expect(issuer.calls).toHaveLength(1);
  });

  it('drops the token that got a 401, and only that one', async () => {
    const issuer = fakeIssuer();
    const auth = new ClientCredentialsAuth(credentials, issuer.requestToken);
    const first = await auth.header();
    expect(auth.invalidate(first)).toBe(true);
    const second = await auth.header();
    expect(second).toBe('Bearer t2');
    // A late 401 for the old token does not throw away the new one.
    auth.invalidate(first);
    expect(await auth.header()).toBe('Bearer t2');
  });

  it('fetches again after a failed token request', async () => {
    let fail = true;
    const auth = new ClientCredentialsAuth(credentials, async () => {
      if (fail) throw new Error('down');
      return { access_token: 'ok', expires_in: 60, token_type: 'Bearer' };
    });
    await expect(auth.header()).rejects.toThrow('down');
    fail = false;
    expect(await auth.header()).toBe('Bearer ok');
  });
});

import { describe, expect, it } from 'vitest';
import { FaultInjector } from './faults.ts';
import { harness, type Json } from './test-support/harness.ts';

const statuses = async (h: Awaited<ReturnType<typeof harness>>, n: number) => {
  const seen: number[] = [];
  for (let i = 0; i < n; i++) seen.push((await h.call('GET', '/v2/credits')).status);
  return seen;
};

describe('faults', () => {
  it('answers the next N requests 503, then recovers', async () => {
    const h = await harness({ faults: { errorNext: 2 } });
    expect(await statuses(h, 3)).toEqual([503, 503, 200]);
  });

  it('spreads an error rate evenly, alternating 500 and 503', async () => {
    const h = await harness({ faults: { errorRate: 0.5 } });
    expect(await statuses(h, 6)).toEqual([200, 500, 200, 503, 200, 500]);
  });

  it('answers 429 bursts with Retry-After and {detail}', async () => {
    const h = await harness({ faults: { rateLimitNext: 2, retryAfterSeconds: 3 } });
    const first = await h.call('GET', '/v2/credits');
    expect(first.status).toBe(429);
    expect(first.headers.get('retry-after')).toBe('3');
    expect(first.body).toEqual({ detail: 'Too many requests' });
    expect(await statuses(h, 2)).toEqual([429, 200]);
  });

  it('resets connections without an answer', async () => {
    const h = await harness({ faults: { resetNext: 1 } });
    await expect(
      fetch(`${h.url}/v2/credits`, { headers: { authorization: 'Bearer test-token' } }),
    ).rejects.toThrow();
    expect((await h.call('GET', '/v2/credits')).status).toBe(200);
  });

  it('adds latency to the service’s endpoints only, and limits faults to given paths', async () => {
    const h = await harness({ faults: { latencyMs: 150 } });
    const started = performance.now();
    await h.call('GET', '/v2/credits');
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    h.emulator.faults.set({ errorNext: 5, paths: ['/v2/projects'] });
    expect((await h.call('GET', '/v2/credits')).status).toBe(200);
    expect((await h.call('GET', '/v2/projects')).status).toBe(503);
  });

  it('rejects unknown or malformed faults with a message naming them', () => {
    const injector = new FaultInjector();
    expect(() => injector.set({ errorRate: 2 })).toThrow(/errorRate must be a number from 0 to 1/);
    expect(() => injector.set({ failStage: 'rendering' } as never)).toThrow(/failStage must be one of/);
    expect(() => injector.set({ explode: true } as never)).toThrow(/unknown fault "explode"/);
  });
});

describe('admin endpoints', () => {
  const post = (url: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${url}/_admin${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  it('sets, merges and clears faults', async () => {
    const h = await harness();
    expect(await (await post(h.url, '/faults', { errorNext: 1 })).json()).toEqual({ errorNext: 1 });
    expect(await (await post(h.url, '/faults', { latencyMs: 1 })).json()).toEqual({
      errorNext: 1,
      latencyMs: 1,
    });
    expect((await h.call('GET', '/v2/credits')).status).toBe(503);
    const replaced = await fetch(`${h.url}/_admin/faults`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ failStage: 'merging' }),
    });
    expect(await replaced.json()).toEqual({ failStage: 'merging' });
    expect(await (await fetch(`${h.url}/_admin/faults`, { method: 'DELETE' })).json()).toEqual({});
    const bad = await post(h.url, '/faults', { errorRate: -1 });
    expect(bad.status).toBe(422);
  });

  it('moves the clock, changes speed and credits, issues tokens, seeds projects and reports stats', async () => {
    const h = await harness();
    const project = await h.project();
    await post(h.url, '/clock', { advance_ms: 600_000 });
    expect((await h.call('GET', `/v2/projects/${project.id}`)).body.status).toBe('merging_done');
    expect(await (await post(h.url, '/speed', { speed: 50 })).json()).toEqual({ speed: 50 });
    expect(await (await post(h.url, '/credits', { account: 'default', minutes: 7 })).json()).toMatchObject({
      minutes: { total: 7, used: 1 },
    });
    const issued = (await (
      await post(h.url, '/tokens', { account: 'other', ttl_seconds: 30 })
    ).json()) as Json;
    expect(issued).toMatchObject({ expires_in: 30, account: 'other' });
    expect((await h.call('GET', '/v2/projects', undefined, issued.access_token)).body.total).toBe(0);
    await post(h.url, '/tokens', { account: 'third', token: 'fixed-token' });
    expect((await h.call('GET', '/v2/credits', undefined, 'fixed-token')).status).toBe(200);
    const seeded = (await (await post(h.url, '/seed', { count: 25 })).json()) as Json;
    expect(seeded.created).toBe(25);
    expect((await post(h.url, '/seed', { count: 2_000_000 })).status).toBe(422);
    const stats = (await (await fetch(`${h.url}/_admin/stats`)).json()) as Json;
    expect(stats).toMatchObject({ projects: 26, speed: 50 });
    expect(stats.memory.heapUsed).toBeGreaterThan(0);
  });

  it('requires the admin token when one is configured', async () => {
    const h = await harness({ adminToken: 'admin-secret' });
    expect((await fetch(`${h.url}/_admin/stats`)).status).toBe(401);
    expect(
      (await fetch(`${h.url}/_admin/stats`, { headers: { 'x-admin-token': 'admin-secret' } })).status,
    ).toBe(200);
    expect(
      (await fetch(`${h.url}/_admin/stats`, { headers: { authorization: 'Bearer admin-secret' } })).status,
    ).toBe(200);
  });
});

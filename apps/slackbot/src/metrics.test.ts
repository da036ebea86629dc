// GET /metrics behind METRICS_TOKEN: a scrape without the token, or with another, is answered 401 saying
// which header to send and reads nothing; with it, the metrics. Without a token, on the app's own port
// (loopbackOnly), only a scrape from this machine that no proxy passed on is answered; on a port of its own,
// any.
import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { RequestBudget } from './dubbing/budget.ts';
import { type AppMetrics, appMetrics, ObservedWebClient } from './metrics.ts';
import { type TempStore, tempStore } from './test-support/store.ts';

let temp: TempStore | undefined;
let server: Server | undefined;
let metrics: AppMetrics | undefined;
afterEach(async () => {
  metrics?.close();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  await temp?.cleanup();
});

async function serve(token?: string, loopbackOnly = false): Promise<string> {
  temp = await tempStore();
  metrics = appMetrics({
    replica: 'r1',
    store: temp.stores,
    slack: new ObservedWebClient('xoxb-unused'),
    budget: new RequestBudget(10),
    ...(token ? { token } : {}),
    loopbackOnly,
  });
  const handler = metrics.handler;
  server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}/metrics`;
}

const scrape = async (url: string, authorization?: string, more: Record<string, string> = {}) => {
  const response = await fetch(url, { headers: { ...more, ...(authorization ? { authorization } : {}) } });
  return {
    status: response.status,
    auth: response.headers.get('www-authenticate'),
    text: await response.text(),
  };
};

describe('GET /metrics with METRICS_TOKEN', () => {
  it('answers only a scrape with the bearer token', async () => {
    const url = await serve('a-long-random-metrics-secret');
    for (const authorization of [undefined, 'Bearer wrong', 'a-long-random-metrics-secret']) {
      const refused = await scrape(url, authorization);
      expect(refused.status).toBe(401);
      expect(refused.auth).toBe('Bearer realm="metrics"');
      expect(refused.text).toContain('Authorization: Bearer <METRICS_TOKEN>');
      expect(refused.text).not.toContain('dubkit_');
    }
    const answered = await scrape(url, 'Bearer a-long-random-metrics-secret');
    expect(answered.status).toBe(200);
    expect(answered.text).toMatch(/^dubkit_store_up\{replica="r1"\} 1$/m);
  });

  it('answers any scrape on a port of its own when no token is configured', async () => {
    const url = await serve();
    expect((await scrape(url)).status).toBe(200);
    expect((await scrape(url, undefined, { 'x-forwarded-for': '203.0.113.9' })).status).toBe(200);
  });
});

describe('GET /metrics on the app’s own port without a token', () => {
  it('answers a scrape from this machine, and refuses one a proxy passed on, naming the settings', async () => {
    const url = await serve(undefined, true);
    expect((await scrape(url)).status).toBe(200);
    for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip']) {
      const refused = await scrape(url, undefined, { [header]: '203.0.113.9' });
      expect(refused.status).toBe(403);
      expect(refused.text).toContain('set METRICS_PORT (a port of its own) or METRICS_TOKEN');
      expect(refused.text).not.toContain('dubkit_');
    }
  });

  it('answers a proxied scrape that brings the token', async () => {
    const url = await serve('a-long-random-metrics-secret', true);
    const proxied = { 'x-forwarded-for': '203.0.113.9' };
    expect((await scrape(url, 'Bearer a-long-random-metrics-secret', proxied)).status).toBe(200);
  });
});

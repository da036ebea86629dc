// GET /metrics behind METRICS_TOKEN: a scrape without the token, or with another, is answered 401 saying
// which header to send and reads nothing; with it, the metrics. Without a token, any scrape is answered.
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

async function serve(token?: string): Promise<string> {
  temp = await tempStore();
  metrics = appMetrics({
    replica: 'r1',
    store: temp.store,
    slack: new ObservedWebClient('xoxb-unused'),
    budget: new RequestBudget(10),
    ...(token ? { token } : {}),
  });
  const handler = metrics.handler;
  server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}/metrics`;
}

const scrape = async (url: string, authorization?: string) => {
  const response = await fetch(url, authorization ? { headers: { authorization } } : {});
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

  it('answers any scrape when no token is configured', async () => {
    const url = await serve();
    expect((await scrape(url)).status).toBe(200);
  });
});

// A client wired to undici's MockAgent, recording what each intercepted request carried.
import { MockAgent } from 'undici';
import { DubbingClient } from '../client.ts';

export const BASE = 'http://api.test';

export interface Seen {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

export function mockClient() {
  const agent = new MockAgent();
  agent.disableNetConnect();
  const pool = agent.get(BASE);
  const seen: Seen[] = [];
  const client = new DubbingClient({
    baseUrl: BASE,
    token: 'tok',
    dispatcher: agent,
    env: {},
    logLevel: 'off',
    retryDelay: { initialMs: 1, maxMs: 2 },
  });
  /** Answers `method path` (path with its query) `times` times with `status` and `body`, recording each request. */
  function on(method: string, path: string, status: number, body: unknown, times: number | 'always' = 1) {
    const interceptor = pool.intercept({ method, path }).reply((options) => {
      const raw = options.body;
      seen.push({
        method: options.method,
        path: options.path,
        body: typeof raw === 'string' && raw ? JSON.parse(raw) : raw,
        headers: options.headers as Record<string, string>,
      });
      return {
        statusCode: status,
        data: JSON.stringify(body),
        responseOptions: { headers: { 'content-type': 'application/json' } },
      };
    });
    if (times === 'always') interceptor.persist();
    else interceptor.times(times);
  }
  return { agent, client, on, seen };
}

// The request budget: spacing, the pause a 429 asks for, and the dispatcher that makes every HTTP request
// to the service (retries included) wait for its slot, tried over real HTTP on 127.0.0.1.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DubbingClient } from '@dubkit/core';
import { afterEach, describe, expect, it } from 'vitest';
import { budgetDispatcher, pauseOf, RequestBudget } from './budget.ts';

describe('RequestBudget', () => {
  it('spaces requests to the rate and pauses after a 429', async () => {
    let now = 0;
    const budget = new RequestBudget(10, { burst: 1, now: () => now });
    const waits: number[] = [];
    const realSetTimeout = globalThis.setTimeout;
    // Record the waits the budget asks for instead of sleeping through them.
    globalThis.setTimeout = ((fn: () => void, ms: number) => {
      waits.push(ms);
      return realSetTimeout(fn, 0);
    }) as typeof setTimeout;
    try {
      await budget.take();
      await budget.take();
      await budget.take();
      budget.pauseFor(2000);
      await budget.take();
      now = 5000;
      await budget.take();
    } finally {
      globalThis.setTimeout = realSetTimeout;
    }
    expect(waits).toEqual([100, 200, 2000]);
  });
});

/** A budget that records what is asked of it (and never makes anyone wait). */
class RecordingBudget extends RequestBudget {
  taken = 0;
  pauses: number[] = [];
  constructor() {
    super(1_000_000);
  }
  override async take(): Promise<void> {
    this.taken += 1;
  }
  override pauseFor(ms: number): void {
    this.pauses.push(ms);
  }
}

let server: Server | undefined;
afterEach(async () => {
  server?.close();
  server = undefined;
});

/** A service that answers `answers` in turn (status and headers), then 200 with a project. */
async function serve(answers: { status: number; headers?: Record<string, string> }[]): Promise<string> {
  let served = 0;
  server = createServer((_req, res) => {
    const answer = answers[served++];
    if (answer) {
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      res.end(JSON.stringify({ detail: 'slow down' }));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        id: 'p1',
        name: 'x',
        status: 'created',
        created_at: '2026-01-01T00:00:00Z',
        dst_lang: 'es',
      }),
    );
  }).listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('budgetDispatcher', () => {
  it('counts every request the client sends, its retries included, and pauses on each 429 as asked', async () => {
    const url = await serve([
      { status: 429, headers: { 'retry-after-ms': '30' } },
      { status: 429, headers: { 'retry-after': '0' } },
    ]);
    const budget = new RecordingBudget();
    const dispatcher = budgetDispatcher(budget);
    const client = new DubbingClient({ baseUrl: url, token: 't', env: {}, dispatcher, maxRetries: 2 });
    const project = await client.projects.get('p1');
    expect(project.id).toBe('p1');
    expect(budget.taken).toBe(3);
    expect(budget.pauses).toEqual([30, 0]);
    await dispatcher.close();
  });
});

describe('pauseOf', () => {
  it('reads retry-after-ms, then Retry-After in seconds or as a date, within a minute', () => {
    expect(pauseOf('250', '9')).toBe(250);
    expect(pauseOf(undefined, '2')).toBe(2000);
    expect(pauseOf(undefined, new Date(10_000).toUTCString(), 7_000)).toBe(3000);
    expect(pauseOf(undefined, '3600')).toBe(60_000);
    expect(pauseOf(undefined, 'soon')).toBe(1000);
    expect(pauseOf(undefined, undefined)).toBe(1000);
  });
});

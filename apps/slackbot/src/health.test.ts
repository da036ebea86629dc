// /healthz and /readyz: the readiness rules on their own, the Socket Mode health server, and both modes of
// the real app on 127.0.0.1 (HTTP mode on PORT beside /slack/events; Socket Mode on HEALTH_PORT, following
// the connection as the fake Slack cuts it).
import { setStage, waitFor } from '@dubkit/slack-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { hostForUrl, readiness, startHealthServer } from './health.ts';
import { startInProcess, testEnv, useStage } from './test-support/stage.ts';

async function get(url: string, init?: RequestInit): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, init);
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}

describe('readiness', () => {
  it('is ready only when every probe passes, naming each failure, and does not wait on a hung probe', async () => {
    const started = Date.now();
    const state = await readiness(
      [
        { name: 'database', check: () => {} },
        {
          name: 'slack',
          check: () => {
            throw new Error('reconnecting to Slack');
          },
        },
        { name: 'hung', check: () => new Promise<void>(() => {}) },
      ],
      100,
    );
    expect(state).toEqual({
      ready: false,
      checks: { database: 'ok', slack: 'reconnecting to Slack', hung: 'no answer within 100 ms' },
    });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await readiness([{ name: 'database', check: async () => {} }])).toEqual({
      ready: true,
      checks: { database: 'ok' },
    });
  });
});

describe('the Socket Mode health server', () => {
  let up = false;
  const logged: Record<string, string>[] = [];
  let server: Awaited<ReturnType<typeof startHealthServer>>;
  beforeAll(async () => {
    server = await startHealthServer({
      port: 0,
      host: '127.0.0.1',
      onNotReady: (reasons) => logged.push(reasons),
      probes: [
        {
          name: 'slack',
          check: () => {
            if (!up) throw new Error('not connected yet');
          },
        },
      ],
    });
  });
  afterAll(() => server?.close());

  it('is alive at once, ready when its probes pass, and answers nothing else', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await get(`${server.url}/healthz`)).toEqual({ status: 200, body: { status: 'ok' } });
    expect(await get(`${server.url}/readyz`)).toEqual({
      status: 503,
      body: { status: 'not ready', ready: false, checks: { slack: 'failing' } },
    });
    // Only the name of the check reaches whoever asks; its reason reaches the log.
    expect(logged).toEqual([{ slack: 'not connected yet' }]);
    up = true;
    expect(await get(`${server.url}/readyz`)).toEqual({
      status: 200,
      body: { status: 'ready', ready: true, checks: { slack: 'ok' } },
    });
    expect((await get(`${server.url}/slack/events`)).status).toBe(404);
    expect((await get(`${server.url}/healthz`, { method: 'POST' })).status).toBe(405);
  });
});

describe('health in HTTP mode', () => {
  const stage = useStage({ speed: 100 });

  it('answers /healthz and /readyz on the port Slack posts to', async () => {
    const healthUrl = stage.app.healthUrl;
    expect(stage.app.eventsUrl).toBe(`${healthUrl}/slack/events`);
    expect(await get(`${healthUrl}/healthz`)).toEqual({ status: 200, body: { status: 'ok' } });
    expect(await get(`${healthUrl}/readyz`)).toEqual({
      status: 200,
      body: { status: 'ready', ready: true, checks: { database: 'ok', slack: 'ok' } },
    });
    // Slack's path is still Bolt's: an unsigned request is refused there, not answered as health.
    expect((await fetch(stage.app.eventsUrl!, { method: 'POST', body: '{}' })).status).toBe(401);
  });
});

describe('health in Socket Mode', () => {
  it('answers on HEALTH_PORT and is not ready while the connection is cut, then ready again', async () => {
    const stage = await setStage({
      startApp: startInProcess,
      mode: 'socket',
      env: { ...testEnv(), HEALTH_PORT: '0' },
      emulator: { speed: 100 },
    });
    try {
      const healthUrl = stage.app.healthUrl!;
      expect(healthUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(stage.app.eventsUrl).toBeUndefined();
      expect(await get(`${healthUrl}/readyz`)).toMatchObject({ status: 200, body: { ready: true } });

      stage.slack.socketMode.drop();
      // The client notices the cut and reconnects; in between, /readyz says which check fails.
      const seen = new Set<string>();
      await waitFor(
        async () => {
          const { body } = (await get(`${healthUrl}/readyz`)) as { body: { checks: { slack: string } } };
          seen.add(body.checks.slack);
          return seen.size > 1 && body.checks.slack === 'ok';
        },
        // A cut without a close frame is noticed by the client's ping timeout (5 s), then it reconnects.
        30_000,
        '/readyz to go down and up again',
      );
      expect([...seen].filter((state) => state !== 'ok')).toEqual(['failing']);
      expect(await get(`${healthUrl}/healthz`)).toEqual({ status: 200, body: { status: 'ok' } });
    } finally {
      await stage.close();
    }
    // Stopped with the app.
    await expect(fetch(`${stage.app.healthUrl}/healthz`)).rejects.toThrow();
  });
});

describe('HOST and HEALTH_PORT', () => {
  const base = {
    SLACK_BOT_TOKEN: 'xoxb-1',
    SLACK_APP_TOKEN: 'xapp-1',
    DUBKIT_TOKEN: 't',
  };

  it('are optional: all interfaces and no health server unless set', () => {
    const config = loadConfig(base);
    expect(config.host).toBeUndefined();
    expect(config.healthPort).toBeUndefined();
    expect(loadConfig({ ...base, HOST: '127.0.0.1', HEALTH_PORT: '8081' })).toMatchObject({
      host: '127.0.0.1',
      healthPort: 8081,
    });
  });

  it('name a HEALTH_PORT that is not a port', () => {
    expect(() => loadConfig({ ...base, HEALTH_PORT: '70000' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, HEALTH_PORT: 'eighty' })).toThrow(/HEALTH_PORT must be a port number/);
  });

  it('turn a bound address into one a client can reach', () => {
    expect(hostForUrl('0.0.0.0')).toBe('127.0.0.1');
    expect(hostForUrl('::')).toBe('127.0.0.1');
    expect(hostForUrl('127.0.0.2')).toBe('127.0.0.2');
    expect(hostForUrl('::1')).toBe('[::1]');
  });
});

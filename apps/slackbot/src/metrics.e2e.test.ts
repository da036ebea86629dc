// GET /metrics scraped while a real run goes on (the app in HTTP mode, the fake Slack, the emulator): before
// a /dub and after its two languages are delivered, the counters moved as the run did; a write Slack refuses
// is given up on after its tries, and counted.
import { waitFor } from '@dubkit/slack-sandbox';
import { describe, expect, it } from 'vitest';
import { useStage } from './test-support/stage.ts';
import { cardOf, waitForDubs } from './test-support/threads.ts';

/** The value of one series in Prometheus's text format (0 when absent). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const wanted = Object.entries(labels).every(([key, value]) => line.includes(`${key}="${value}"`));
    if (wanted) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return 0;
}

describe('GET /metrics', { timeout: 60_000 }, () => {
  const stage = useStage({ speed: 40 });
  const scrape = async () => {
    const response = await fetch(`${stage.app.healthUrl}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.text();
  };

  it('counts Slack writes, service answers, loop rounds and the jobs as a dub runs, per replica', async () => {
    const before = await scrape();
    expect(before).toMatch(/^dubkit_process_resident_memory_bytes\{replica="[^"]+"\} \d+/m);
    expect(sample(before, 'dubkit_store_up')).toBe(1);
    expect(sample(before, 'dubkit_ready', { check: 'database' })).toBe(1);
    expect(sample(before, 'dubkit_ready', { check: 'slack' })).toBe(1);
    const posts = sample(before, 'dubkit_slack_calls_total', { method: 'chat.postMessage', result: 'ok' });
    const answers = sample(before, 'dubkit_service_responses_total', { class: '2xx' });
    const trackerRounds = sample(before, 'dubkit_loop_rounds_total', { loop: 'tracker', result: 'busy' });

    const channel = 'C1METRICS';
    await stage.driver.command({ channel, user: 'U1', text: 'https://www.youtube.com/watch?v=m to es,de' });
    const card = await cardOf(stage, channel);
    await waitForDubs(stage, channel, card.ts, 2);

    const after = await scrape();
    // The card, two status messages, the started line and two replies: at least six posts.
    expect(
      sample(after, 'dubkit_slack_calls_total', { method: 'chat.postMessage', result: 'ok' }),
    ).toBeGreaterThanOrEqual(posts + 6);
    expect(
      sample(after, 'dubkit_slack_calls_total', { method: 'files.completeUploadExternal', result: 'ok' }),
    ).toBeGreaterThanOrEqual(2);
    expect(sample(after, 'dubkit_service_responses_total', { class: '2xx' })).toBeGreaterThan(answers + 4);
    expect(sample(after, 'dubkit_loop_rounds_total', { loop: 'tracker', result: 'busy' })).toBeGreaterThan(
      trackerRounds,
    );
    expect(sample(after, 'dubkit_jobs', { state: 'running' })).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'dubkit_loop_lag_seconds', { loop: 'deliverer' })).toBeLessThan(5);
    expect(after).toMatch(/^dubkit_store_round_trip_seconds_count\{replica="[^"]+"\} [1-9]/m);
    expect(after).toMatch(/^dubkit_outbox_writes_open\{replica="[^"]+"\} \d+/m);
    expect(after).toMatch(/^dubkit_outbox_oldest_due_age_seconds\{replica="[^"]+"\} [\d.]+/m);
    expect(after).toMatch(/^dubkit_languages_polled\{replica="[^"]+"\} \d+/m);
  });

  it('counts a write Slack refused with a plain HTTP 400 once it is given up on after three tries', async () => {
    const before = sample(await scrape(), 'dubkit_outbox_writes_given_up_total', { code: 'http_400' });
    const posts = stage.slack.callsOf('chat.postMessage').length;
    // The new job's card is the next post; Slack refuses it three times, then would take it.
    stage.slack.faults.refusals.push({ method: 'chat.postMessage', times: 3, status: 400 });
    await stage.driver.command({
      channel: 'C2METRICS',
      user: 'U1',
      text: 'https://www.youtube.com/watch?v=r',
    });
    const given = await waitFor(
      async () => {
        const count = sample(await scrape(), 'dubkit_outbox_writes_given_up_total', { code: 'http_400' });
        return count > before ? count : undefined;
      },
      20_000,
      'the write given up on',
    );
    expect(given).toBe(before + 1);
    expect(stage.slack.callsOf('chat.postMessage').length - posts).toBe(3);
    expect(stage.slack.messages.filter((m) => m.channel === 'C2METRICS')).toEqual([]);
  });
});

describe('GET /metrics with METRICS_PORT', { timeout: 60_000 }, () => {
  const stage = useStage({ speed: 40, env: { METRICS_PORT: '0' } });

  it('answers on a port of its own, on loopback, and no longer on the port Slack posts to', async () => {
    const { metricsUrl, healthUrl } = stage.app;
    expect(metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const own = await fetch(`${metricsUrl}/metrics`);
    expect(own.status).toBe(200);
    expect(await own.text()).toMatch(/^dubkit_store_up\{replica="[^"]+"\} 1$/m);
    expect((await fetch(`${healthUrl}/metrics`)).status).toBe(404);
    expect((await fetch(`${healthUrl}/readyz`)).status).toBe(200);
  });
});

// A workflow's run of an app's step over the fake's real Web API: the completion calls take the run's own
// token only (not the bot token, not another run's), once; completeSuccess needs its outputs and completeError
// its reason; the fake tells of the run as it starts and as it ends.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeSlack } from './fake-slack.ts';
import type { StepExecution } from './workflows.ts';

const TOKEN = 'xoxb-test';
let slack: FakeSlack;

async function call(method: string, token: string, args: Record<string, unknown>) {
  const response = await fetch(`${slack.apiUrl}${method}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify(args),
  });
  return (await response.json()) as Record<string, unknown>;
}

beforeEach(async () => {
  slack = await new FakeSlack({ botToken: TOKEN }).start();
});
afterEach(async () => {
  await slack.close();
});

describe('the fake Slack’s workflow runs', () => {
  it('ends a run only with its own token, once, and says so as it starts and ends', async () => {
    const told: string[] = [];
    slack.on('step', (e: StepExecution) => told.push(`${e.id} ${e.state}`));
    const run = slack.workflows.run('dub_video', { languages: ['es'] });
    const other = slack.workflows.run('dub_video', {});
    const args = { function_execution_id: run.id, outputs: { thread: 'https://x' } };
    expect(await call('functions.completeSuccess', TOKEN, args)).toEqual({
      ok: false,
      error: 'invalid_auth',
    });
    expect(await call('functions.completeSuccess', other.token, args)).toEqual({
      ok: false,
      error: 'invalid_auth',
    });
    expect(await call('functions.completeSuccess', run.token, { function_execution_id: run.id })).toEqual({
      ok: false,
      error: 'invalid_arguments',
    });
    expect(run.state).toBe('running');
    expect(await call('functions.completeSuccess', run.token, args)).toEqual({ ok: true });
    expect(run).toMatchObject({ state: 'completed', outputs: { thread: 'https://x' } });
    expect(
      await call('functions.completeError', run.token, { function_execution_id: run.id, error: 'x' }),
    ).toEqual({
      ok: false,
      error: 'token_expired',
    });
    expect(
      await call('functions.completeError', other.token, { function_execution_id: other.id, error: 'No.' }),
    ).toEqual({ ok: true });
    expect(other).toMatchObject({ state: 'failed', error: 'No.' });
    expect(told).toEqual([
      `${run.id} running`,
      `${other.id} running`,
      `${run.id} completed`,
      `${other.id} failed`,
    ]);
    expect(slack.workflows.running()).toEqual([]);
    // Each call is recorded on its run, taken or not.
    expect(run.calls.map((c) => c.accepted)).toEqual([false, false, false, true, false]);
  });

  it('answers a token of no run as no token at all', async () => {
    expect(
      await call('functions.completeSuccess', 'xwfp-made-up', { function_execution_id: 'Fx1', outputs: {} }),
    ).toEqual({
      ok: false,
      error: 'invalid_auth',
    });
  });
});

// End to end in Socket Mode, as the manifest deploys the app: the real Bolt app started with SLACK_APP_TOKEN
// opens its connection through the fake Slack's apps.connections.open and gets every event, command and
// interaction as an envelope over a real WebSocket on 127.0.0.1, acknowledged by envelope id. The scenarios
// are the HTTP ones' (e2e.test.ts) through the same driver; then the connection is refreshed and cut while
// a job runs.
import { byKind, waitFor } from '@dubkit/slack-sandbox';
import { describe, expect, it } from 'vitest';
import { useStage } from './test-support/stage.ts';
import { cardIn, cardOf, expectNoDuplicates, jobIdOf, posted, waitForDubs } from './test-support/threads.ts';

const USER = 'U0ANA';
/** Bolt's Socket Mode client waits 5 s (its ping timeout) before it reconnects. */
const RECONNECT_MS = 15_000;

describe('the Slack app in Socket Mode', { timeout: 60_000 }, () => {
  const stage = useStage({ speed: 40, mode: 'socket' });

  it('connects with the app-level token and takes no HTTP requests', () => {
    expect(stage.app.eventsUrl).toBeUndefined();
    expect(stage.slack.callsOf('apps.connections.open')).toHaveLength(1);
    expect(stage.slack.socketMode.openConnections).toBe(1);
  });

  it('/dub with two languages: the command acknowledged by envelope, two dubs in one thread', async () => {
    const channel = 'C1SMCMD';
    const res = await stage.driver.command({
      channel,
      user: USER,
      text: 'https://www.youtube.com/watch?v=keynote to es,de from en',
    });
    expect(res.status).toBe(200);
    const sent = stage.slack.socketMode.envelopes.at(-1)!;
    expect(sent.envelope).toMatchObject({ type: 'slash_commands', accepts_response_payload: true });
    expect(sent.ack?.envelope_id).toBe(sent.envelope.envelope_id);
    const card = await cardOf(stage, channel);
    const thread = await waitForDubs(stage, channel, card.ts, 2);
    expect(byKind(thread, 'status')).toHaveLength(2);
    expect(byKind(thread, 'started')).toHaveLength(1);
    expectNoDuplicates(stage, channel);
  });

  it('a mention gets the picker; Start (an interactive envelope) dubs the picked languages', async () => {
    const channel = 'C3SMLINK';
    const drop = stage.slack.postUserMessage({
      channel,
      user: USER,
      text: `<@${stage.slack.botUserId}> please <https://vimeo.com/12345|vimeo.com/12345>`,
    });
    await stage.driver.mention(drop);
    const card = await cardIn(stage, channel, drop.ts);
    const res = await stage.driver.click({
      message: card,
      actionId: 'job_start',
      user: USER,
      selections: { job_dst: ['pt-br', 'ja'], job_src: ['en'] },
    });
    expect(res).toEqual({ status: 200, body: '' });
    expect(stage.slack.socketMode.envelopes.at(-1)?.envelope).toMatchObject({
      type: 'interactive',
      accepts_response_payload: false,
      payload: { type: 'block_actions' },
    });
    const thread = await waitForDubs(stage, channel, drop.ts, 2);
    expect(JSON.stringify(byKind(thread, 'card')[0]?.blocks)).toMatch(
      /Portuguese.*Japanese|Japanese.*Portuguese/,
    );
    expectNoDuplicates(stage, channel);
  });

  it('a modal submission is answered in the ack: errors for an empty picker', async () => {
    const channel = 'C8SMSHORTCUT';
    const message = stage.slack.postUserMessage({ channel, user: USER, text: 'cut <https://vimeo.com/888>' });
    await stage.driver.messageShortcut({ message, user: USER });
    const view = await waitFor(
      () => stage.slack.views.find((v) => v.view.callback_id === 'dub_modal'),
      20_000,
      'the modal',
    );
    const empty = await stage.driver.submitView({ viewId: view.id, user: USER, values: {} });
    expect(JSON.parse(empty.body)).toMatchObject({ response_action: 'errors' });
    expect(stage.slack.socketMode.envelopes.at(-1)?.envelope.accepts_response_payload).toBe(true);
  });

  it('an event redelivered (retry_attempt 1, 2) gives one job and one card', async () => {
    const channel = 'C5SMTWICE';
    const drop = stage.slack.postUserMessage({
      channel,
      user: USER,
      text: `<@${stage.slack.botUserId}> <https://www.youtube.com/watch?v=twice>`,
    });
    const first = await stage.driver.mention(drop);
    await stage.driver.mention(drop, { eventId: first.eventId, retryNum: 1 });
    const card = await cardIn(stage, channel, drop.ts);
    await stage.driver.mention(drop, { eventId: first.eventId, retryNum: 2 });
    const retries = stage.slack.socketMode.envelopes
      .filter((e) => e.envelope.payload.event_id === first.eventId)
      .map((e) => [e.envelope.retry_attempt, e.ack !== undefined]);
    expect(retries).toEqual([
      [0, true],
      [1, true],
      [2, true],
    ]);
    await stage.drained(jobIdOf(card));
    expect(byKind(stage.slack.thread(channel, drop.ts), 'card')).toHaveLength(1);
    expect(posted(stage, channel)).toHaveLength(1);
  });
});

describe('Socket Mode reconnects in the middle of a job', { timeout: 60_000 }, () => {
  const stage = useStage({ speed: 40, mode: 'socket' });

  it('after refresh_requested and after a cut connection, the job ends once and commands still arrive', async () => {
    const sockets = stage.slack.socketMode;
    const channel = 'C7SMRECONNECT';
    // At the service's real pace the job is still running after both reconnections.
    stage.emulator.setSpeed(1);
    await stage.driver.command({ channel, user: USER, text: 'https://vimeo.com/777 to es,de' });
    const card = await cardOf(stage, channel);
    const jobId = jobIdOf(card);

    // Slack warns, then asks for a refresh: the app opens a new connection and the old one closes.
    sockets.disconnect('warning');
    expect(sockets.disconnect('refresh_requested')).toBe(1);
    await sockets.waitForConnection(2, RECONNECT_MS);
    expect(sockets.connections[0]?.closedAt).toBeDefined();

    // The network drops the connection; a command sent meanwhile is delivered once the app is back.
    expect(sockets.drop()).toBe(1);
    const during = stage.driver.command({ channel, user: USER, text: 'help' });
    await sockets.waitForConnection(3, RECONNECT_MS);
    expect((await during).status).toBe(200);
    await waitFor(
      () => stage.slack.ephemerals.find((e) => e.channel === channel && e.text.includes('/dub <link>')),
      20_000,
      'the help, answered over the new connection',
    );
    expect(sockets.envelopes.at(-1)?.connection).toBe(3);
    expect(sockets.connections[1]?.closeCode).toBe(1006);
    expect(stage.slack.callsOf('apps.connections.open')).toHaveLength(3);

    // Still the first job's run: none of its languages had finished when the connections changed.
    const targets = await stage.app.store.targetsOf(jobId);
    expect(targets.every((t) => !t.terminal)).toBe(true);
    // Then the service's clock jumps past the end of both pipelines.
    stage.emulator.advanceClock(3 * 60 * 60 * 1000);
    const thread = await waitForDubs(stage, channel, card.ts, 2);
    expect(byKind(thread, 'status')).toHaveLength(2);
    expect(byKind(thread, 'started')).toHaveLength(1);
    expectNoDuplicates(stage, channel);
  });

  it('a restarted app connects again and finishes the job it left, posting nothing twice', async () => {
    const sockets = stage.slack.socketMode;
    const channel = 'C9SMRESTART';
    stage.emulator.setSpeed(15);
    await stage.driver.command({ channel, user: USER, text: 'https://vimeo.com/779 to es,de' });
    const card = await cardOf(stage, channel);
    const before = sockets.connections.length;
    await stage.restartApp();
    // The old app said goodbye with a close frame; the new one opened its own connection.
    expect(sockets.connections[before - 1]?.closeCode).toBe(1000);
    expect(sockets.connections).toHaveLength(before + 1);
    await waitForDubs(stage, channel, card.ts, 2);
    await stage.drained(jobIdOf(card));
    expect(byKind(stage.slack.thread(channel, card.ts), 'status')).toHaveLength(2);
    expectNoDuplicates(stage, channel);
  });
});

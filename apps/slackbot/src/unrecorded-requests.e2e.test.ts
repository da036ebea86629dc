// Record before ack (issue 35), for what a person sends by hand: a `/dub` command, the "Dub this video" shortcut
// and Start on a job card, sent while PostgreSQL is stopped, are never acked with nothing recorded and nothing
// said. Over real HTTP against the real app on its own PostgreSQL server (stopped and started by the test): the
// command's ack itself says busy; the click and the shortcut are acked once their sender was told busy, and
// not acked at all (Slack shows the person the app did not answer) when Slack cannot take that message either.
// Once the database is back, the same Start starts the job.
import { type SlackMessage, type SlackOutage, waitFor } from '@dubkit/slack-sandbox';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUSY, BUSY_NOTHING_CHANGED } from './access/busy.ts';
import { JOB_CARD } from './features/dub/card-blocks.ts';
import { appOnStoppablePostgres } from './test-support/stoppable-postgres.ts';
import { cardIn, jobIdOf } from './test-support/threads.ts';

const CHANNEL = 'C9UNREQ';

const on = appOnStoppablePostgres();

/** chat.postEphemeral answered 429 and 500 in turn: the busy message cannot be sent. */
function ephemeralsDown(): SlackOutage {
  const outage = { methods: ['chat.postEphemeral'], until: Date.now() + 60_000, retryAfterSeconds: 1 };
  on.stage.slack.faults.outages.push(outage);
  return outage;
}

describe('what a person sends while the database is stopped', { timeout: 60_000 }, () => {
  let card: SlackMessage;
  let modal: string;
  const told = (user: string) => on.stage.slack.ephemerals.filter((e) => e.user === user).map((e) => e.text);
  const start = (user: string) =>
    on.stage.driver.click({ message: card, actionId: JOB_CARD.start, user, selections: { job_dst: ['es'] } });
  const shortcut = (user: string) =>
    on.stage.driver.messageShortcut({
      message: on.stage.slack.postUserMessage({
        channel: CHANNEL,
        user,
        text: 'cut <https://vimeo.com/424302>',
      }),
      user,
    });

  beforeAll(async () => {
    const drop = on.stage.slack.postUserMessage({
      channel: CHANNEL,
      user: 'U1',
      text: `<@${on.stage.slack.botUserId}> <https://vimeo.com/424301|vimeo.com/424301>`,
    });
    await on.stage.driver.mention(drop);
    card = await cardIn(on.stage, CHANNEL, drop.ts);
    await shortcut('U7');
    modal = (
      await waitFor(
        () => on.stage.slack.views.find((v) => v.view.callback_id === 'dub_modal'),
        20_000,
        'the modal',
      )
    ).id;
    await on.postgres.stop();
  }, 30_000);

  it('a command is answered busy in its ack, which cannot be lost as a later message can', async () => {
    const command = await on.stage.driver.command({
      text: 'https://vimeo.com/424303 to es',
      channel: CHANNEL,
      user: 'U2',
    });
    expect(command.status).toBe(200);
    expect(JSON.parse(command.body || '{}')).toEqual({ response_type: 'ephemeral', text: BUSY });
    expect(told('U2')).toEqual([]);
  });

  it('Start on a job card is not acked when its sender cannot be told busy, and acked once they were', async () => {
    const outage = ephemeralsDown();
    expect((await start('U5')).status).not.toBe(200);
    expect(outage.served).toBe(1);
    expect(told('U5')).toEqual([]);
    on.stage.slack.faults.outages.length = 0;
    // Told before the ack: the message is there when the ack arrives.
    expect((await start('U3')).status).toBe(200);
    expect(told('U3')).toEqual([BUSY_NOTHING_CHANGED]);
  });

  it('the shortcut is not acked when its sender cannot be told busy, and acked once they were', async () => {
    const outage = ephemeralsDown();
    expect((await shortcut('U6')).status).not.toBe(200);
    expect(outage.served).toBe(1);
    expect(told('U6')).toEqual([]);
    on.stage.slack.faults.outages.length = 0;
    expect((await shortcut('U4')).status).toBe(200);
    expect(told('U4')).toEqual([BUSY]);
    expect(on.stage.slack.views.filter((v) => v.view.callback_id === 'dub_modal').map((v) => v.id)).toEqual([
      modal,
    ]);
  });

  it('the shortcut’s modal, submitted, says busy in its ack', async () => {
    const submitted = await on.stage.driver.submitView({
      viewId: modal,
      user: 'U7',
      values: { job_dst: { job_dst: { type: 'multi_static_select', selected_options: [{ value: 'es' }] } } },
    });
    expect(submitted.status).toBe(200);
    expect(submitted.body).toContain(BUSY_NOTHING_CHANGED);
  });

  it('once the database is back, the same Start starts the job', async () => {
    await on.postgres.start();
    const job = () => on.stage.app.store.getJob(jobIdOf(card));
    const waiting = await waitFor(() => job().catch(() => undefined), 20_000, 'the database back');
    expect(waiting.state).toBe('picking');
    expect((await start('U5')).status).toBe(200);
    await waitFor(async () => (await job())?.state !== 'picking', 20_000, 'the job started');
    expect(told('U5')).toEqual([]);
  });
});

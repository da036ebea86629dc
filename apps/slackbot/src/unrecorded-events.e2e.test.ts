// Record before ack (issue 35): a mention that arrives while PostgreSQL is stopped is never acked with nothing
// recorded and nobody told. Over real HTTP against the real app on its own PostgreSQL server (stopped and
// started by the test): with the database away, the mention's sender is told "busy" and the delivery acked;
// when Slack cannot take that answer either, the delivery is not acked (so Slack sends it again), and Slack's
// redeliveries once the database is back open the job once. And a mention is never held up by Slack's member
// lists: its channel and author are Slack's word, so nobody is asked.
import { keyOf, type SlackOutage, waitFor } from '@dubkit/slack-sandbox';
import { describe, expect, it } from 'vitest';
import { BUSY } from './access/busy.ts';
import { appOnStoppablePostgres } from './test-support/stoppable-postgres.ts';

const CHANNEL = 'C9UNREC';

const on = appOnStoppablePostgres();

describe('a mention while the database is stopped', { timeout: 60_000 }, () => {
  it('is answered busy, or left unacked for Slack to send again, and opens its job once', async () => {
    const { slack, driver } = on.stage;
    const mention = (user: string, video: string) =>
      slack.postUserMessage({
        channel: CHANNEL,
        user,
        text: `<@${slack.botUserId}> <https://vimeo.com/${video}|vimeo.com/${video}>`,
      });
    await on.postgres.stop();

    // The sender can be told: acked, and told nothing was started.
    const told = await driver.mention(mention('U1', '424201'));
    expect(told.status).toBe(200);
    expect(slack.ephemerals.filter((e) => e.user === 'U1').map((e) => e.text)).toEqual([BUSY]);

    // Slack cannot take the busy answer either: not acked, so Slack will send the mention again.
    const outage = { methods: ['chat.postEphemeral'], until: Date.now() + 60_000, retryAfterSeconds: 1 };
    slack.faults.outages.push(outage);
    const drop = mention('U2', '424202');
    const first = await driver.mention(drop);
    expect(outage).toMatchObject({ served: 1 });
    expect(first.status).not.toBe(200);
    const again = await driver.mention(drop, { eventId: first.eventId, retryNum: 1 });
    expect(again.status).not.toBe(200);

    await on.postgres.start();
    slack.faults.outages.length = 0;
    const later = await driver.mention(drop, { eventId: first.eventId, retryNum: 2 });
    expect(later.status).toBe(200);
    const cards = () => slack.messages.filter((m) => m.channel === CHANNEL && keyOf(m).startsWith('card:'));
    await waitFor(() => cards().length > 0, 20_000, 'the card of the mention Slack sent again');
    // Slack's last try, after the one that was recorded: nothing more.
    expect((await driver.mention(drop, { eventId: first.eventId, retryNum: 3 })).status).toBe(200);
    await on.stage.drained(keyOf(cards()[0]!).slice('card:'.length));
    expect(cards()).toHaveLength(1);
    expect(slack.ephemerals.filter((e) => e.user === 'U2')).toEqual([]);
  });

  it('is not held up when Slack cannot say who is in the channel: a mention is Slack’s word, nobody is asked', async () => {
    const { slack, driver } = on.stage;
    const channel = 'C9BUSY';
    const drop = slack.postUserMessage({
      channel,
      user: 'U4',
      text: `<@${slack.botUserId}> <https://vimeo.com/424204|vimeo.com/424204>`,
    });
    const outage: SlackOutage = {
      methods: ['conversations.members', 'conversations.info'],
      until: Date.now() + 60_000,
      retryAfterSeconds: 1,
    };
    slack.faults.outages.push(outage);
    const first = await driver.mention(drop);
    expect(first.status).toBe(200);
    const cards = () => slack.messages.filter((m) => m.channel === channel && keyOf(m).startsWith('card:'));
    await waitFor(() => cards().length > 0, 20_000, 'the card of the mention');
    slack.faults.outages.length = 0;
    await on.stage.drained(keyOf(cards()[0]!).slice('card:'.length));
    expect(cards()).toHaveLength(1);
    // Neither member list was asked for: the outage answered nothing.
    expect(outage.served ?? 0).toBe(0);
  });
});

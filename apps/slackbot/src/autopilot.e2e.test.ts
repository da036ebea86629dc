// End to end over real HTTP (real Bolt app, fake Slack, emulator, SQLite store): a channel on autopilot.
// `/dub settings` sets it (announced in the channel); a link posted there, addressed to nobody, is dubbed by
// itself within the cap, its card saying the minutes; the next video past the cap waits for a person, its card
// saying how much was used and when the count starts again, and a person's Start dubs it and is counted; two
// posts racing for the last minutes start one; an account without the minutes leaves the card waiting; a file shared where autopilot waits for Start gets its card with
// the channel's languages ticked; a bot's message, the app's own, an edit and a thread reply never open a job.
import { readFileSync } from 'node:fs';
import { DubbingClient } from '@dubkit/core';
import { keyOf, type SlackMessage, waitFor } from '@dubkit/slack-sandbox';
import { describe, expect, it } from 'vitest';
import { periodStart } from './domain/autopilot.ts';
import { minutesNeeded } from './domain/credits.ts';
import { AUTOPILOT_SETTING } from './features/autopilot/settings-block.ts';
import { JOB_CARD } from './features/dub/card-blocks.ts';
import { ANA, BEN, LONG_WAIT_MS, WAIT_MS } from './test-support/people.ts';
import { submitSettings } from './test-support/settings.ts';
import { type AppStage, useStage } from './test-support/stage.ts';
import { cardIn, jobIdOf, waitForDubs } from './test-support/threads.ts';

const TEST_MS = 120_000;
/** The same link each time: the emulator gives a link's video one length, so each post needs as many minutes. */
const LINK = 'https://vimeo.com/autopilot-weekly';

const autopilotValues = (langs: string[], cap: number, mode: 'start' | 'wait' = 'start') => ({
  [AUTOPILOT_SETTING.langsBlock]: {
    [AUTOPILOT_SETTING.langsAction]: { selected_options: langs.map((value) => ({ value })) },
  },
  [AUTOPILOT_SETTING.capBlock]: { [AUTOPILOT_SETTING.capAction]: { value: String(cap) } },
  [AUTOPILOT_SETTING.periodBlock]: {
    [AUTOPILOT_SETTING.periodAction]: { selected_option: { value: 'day' } },
  },
  [AUTOPILOT_SETTING.modeBlock]: { [AUTOPILOT_SETTING.modeAction]: { selected_option: { value: mode } } },
});

/** A person posts the link in the channel (no mention), as Slack sends it. */
async function post(stage: AppStage, channel: string, user = ANA): Promise<SlackMessage> {
  const message = stage.slack.postUserMessage({ channel, user, text: `New episode: <${LINK}>` });
  await stage.driver.userMessage(message);
  return message;
}

/** The card in the message's thread once it says `words`. */
function cardSaying(stage: AppStage, channel: string, ts: string, words: string) {
  return waitFor(
    async () => {
      const card = await cardIn(stage, channel, ts);
      return JSON.stringify(card.blocks).includes(words) ? card : undefined;
    },
    LONG_WAIT_MS,
    `the card saying “${words}”`,
  );
}

/** The minutes a post of LINK into one language counts, once its first job read the video's length. */
async function minutesOf(stage: AppStage, jobId: string): Promise<number> {
  const seconds = await waitFor(
    async () => (await stage.app.store.getJob(jobId))?.mediaSeconds ?? undefined,
    WAIT_MS,
    'the video’s length',
  );
  return minutesNeeded(seconds, 1);
}

describe('a channel on autopilot, end to end', () => {
  const stage = useStage({ speed: 100 });

  it(
    'dubs a posted link within its cap; the next video past the cap waits for a person, whose Start counts',
    async () => {
      const channel = 'C39AUTO';
      const { answer } = await submitSettings(stage, channel, ANA, autopilotValues(['es'], 300));
      expect(answer.status).toBe(200);
      await waitFor(
        () =>
          stage.slack.messages.find(
            (m) =>
              m.channel === channel &&
              m.text ===
                `🤖 <@${ANA}> changed this channel’s settings: autopilot dubs every video posted here into Spanish, up to 300 minutes a day, started at once.`,
          ),
        WAIT_MS,
        'the announcement in the channel',
      );

      const first = await post(stage, channel);
      const started = await cardSaying(stage, channel, first.ts, 'started on autopilot');
      const jobId = jobIdOf(started);
      const minutes = await minutesOf(stage, jobId);
      const said = JSON.stringify(started.blocks);
      expect(said).toContain(`uses ${minutes} minute`);
      expect(said).toContain(`${minutes} of 300 autopilot minutes used today`);
      expect(said).toContain(`posted by <@${ANA}>`);
      await waitForDubs(stage, channel, first.ts, 1);

      // The cap lowered to what was used: the next post waits for a person, its card saying why.
      await submitSettings(stage, channel, BEN, autopilotValues(['es'], minutes));
      const second = await post(stage, channel, BEN);
      const capped = await cardSaying(stage, channel, second.ts, 'cap is reached');
      const text = JSON.stringify(capped.blocks);
      expect(text).toContain(`${minutes} of ${minutes} minutes used today, and this video needs ${minutes}`);
      expect(text).toContain('The count starts again <!date^');
      expect(text).toContain('Press *Start* to dub it anyway.');
      const waiting = await stage.app.store.getJob(jobIdOf(capped));
      expect(waiting).toMatchObject({ state: 'picking', autopilot: { state: 'capped' } });
      expect(await stage.app.store.targetsOf(jobIdOf(capped))).toEqual([]);

      // Ben presses Start: dubbed, and counted past the cap.
      await stage.driver.click({ message: capped, actionId: JOB_CARD.start, user: BEN });
      const byBen = await cardSaying(stage, channel, second.ts, `started by <@${BEN}>`);
      expect(JSON.stringify(byBen.blocks)).toContain(
        `${2 * minutes} of ${minutes} autopilot minutes used today`,
      );
      await waitForDubs(stage, channel, second.ts, 1);
    },
    TEST_MS,
  );

  it(
    'starts one of two posts racing for the last minutes; the other waits for a person',
    async () => {
      // The length of LINK's video, learnt on a channel whose autopilot posts the card and waits for Start.
      await submitSettings(stage, 'C39PROBE', ANA, autopilotValues(['es'], 300, 'wait'));
      const probe = await post(stage, 'C39PROBE');
      const waiting = await cardSaying(stage, 'C39PROBE', probe.ts, 'press *Start* to dub it');
      const minutes = await minutesOf(stage, jobIdOf(waiting));
      expect(await stage.app.store.getJob(jobIdOf(waiting))).toMatchObject({ state: 'picking' });

      const channel = 'C39RACE';
      await submitSettings(stage, channel, ANA, autopilotValues(['es'], minutes));
      const [one, two] = [
        stage.slack.postUserMessage({ channel, user: ANA, text: `<${LINK}>` }),
        stage.slack.postUserMessage({ channel, user: BEN, text: `<${LINK}>` }),
      ];
      await Promise.all([stage.driver.userMessage(one!), stage.driver.userMessage(two!)]);
      const states = await waitFor(
        async () => {
          const jobs = await Promise.all(
            [one!, two!].map((m) => stage.app.store.jobByTrigger(`msg:${channel}:${m.ts}`)),
          );
          const marks = jobs.map((j) => j?.autopilot?.state);
          return marks.every((m) => m === 'started' || m === 'capped') ? marks : undefined;
        },
        LONG_WAIT_MS,
        'both posts decided',
      );
      expect(states.sort()).toEqual(['capped', 'started']);
      expect(await stage.app.store.autopilotUsed(channel, periodStart(Date.now(), 'day'))).toBe(minutes);
    },
    TEST_MS,
  );

  it(
    'leaves the card waiting, counting nothing, when the account has fewer minutes left than the video needs',
    async () => {
      const channel = 'C39SHORT';
      await submitSettings(stage, channel, ANA, autopilotValues(['es', 'de'], 300));
      const service = new DubbingClient({ baseUrl: stage.serviceUrl, token: stage.serviceToken });
      const credits = await service.credits.get();
      stage.emulator.setCredits('default', { minutes: credits.minutes.used + 1 });
      try {
        const posted = await post(stage, channel);
        const card = await cardSaying(stage, channel, posted.ts, 'left on the account');
        await cardSaying(stage, channel, posted.ts, 'press *Start* to dub it');
        expect(await stage.app.store.getJob(jobIdOf(card))).toMatchObject({
          state: 'picking',
          autopilot: { state: 'waiting' },
        });
        expect(await stage.app.store.autopilotUsed(channel, periodStart(Date.now(), 'day'))).toBe(0);
      } finally {
        stage.emulator.setCredits('default', { minutes: credits.minutes.total });
      }
    },
    TEST_MS,
  );

  it(
    'posts the card of a video file shared in a channel whose autopilot waits for Start, its languages ticked',
    async () => {
      const channel = 'C39FILE';
      await submitSettings(stage, channel, ANA, autopilotValues(['es', 'de'], 300, 'wait'));
      const file = stage.slack.addFile({
        name: 'episode-13.mp4',
        mimetype: 'video/mp4',
        content: readFileSync(new URL('../fixtures/talk.mp4', import.meta.url)),
      });
      const drop = stage.slack.postUserMessage({ channel, user: BEN, text: '', files: [file] });
      await stage.driver.userMessage(drop);
      const card = await cardSaying(stage, channel, drop.ts, 'press *Start* to dub it');
      const job = await stage.app.store.getJob(jobIdOf(card));
      expect(job).toMatchObject({ state: 'picking', autopilot: { mode: 'wait', state: 'waiting' } });
      expect(job?.picked?.dstLangs).toEqual(['es', 'de']);
      await stage.drained(jobIdOf(card));
      expect(await stage.app.store.targetsOf(jobIdOf(card))).toEqual([]);
    },
    TEST_MS,
  );

  it(
    'never opens a job for a bot’s message, the app’s own, an edit, or a reply in a thread',
    async () => {
      const channel = 'C39QUIET';
      await submitSettings(stage, channel, ANA, autopilotValues(['es'], 300));
      const text = `<${LINK}>`;
      const ts = (n: number) => `1800000000.00000${n}`;
      await stage.driver.event({
        type: 'message',
        subtype: 'bot_message',
        bot_id: 'B0OTHER',
        text,
        ts: ts(1),
        channel,
      });
      await stage.driver.event({
        type: 'message',
        user: stage.slack.botUserId,
        bot_id: 'B0DUBKIT',
        text,
        ts: ts(2),
        channel,
        channel_type: 'channel',
      });
      await stage.driver.event({
        type: 'message',
        subtype: 'message_changed',
        channel,
        message: { user: ANA, text, ts: ts(3) },
        previous_message: { user: ANA, text: 'soon', ts: ts(3) },
      });
      const root = stage.slack.postUserMessage({ channel, user: ANA, text: 'Our episodes' });
      const reply = stage.slack.postUserMessage({ channel, user: ANA, text, thread_ts: root.ts });
      await stage.driver.userMessage(reply);
      // A person's post after them opens a job, once however often Slack delivers it.
      const posted = stage.slack.postUserMessage({ channel, user: ANA, text });
      const sent = await stage.driver.event({
        type: 'message',
        user: ANA,
        text,
        ts: posted.ts,
        channel,
        channel_type: 'channel',
      });
      await stage.driver.event(
        { type: 'message', user: ANA, text, ts: posted.ts, channel, channel_type: 'channel' },
        { eventId: sent.eventId, retryNum: 1 },
      );
      const card = await cardIn(stage, channel, posted.ts);
      await stage.drained(jobIdOf(card));
      const cards = stage.slack.messages.filter((m) => m.channel === channel && keyOf(m).startsWith('card:'));
      expect(cards).toHaveLength(1);
      for (const n of [1, 2, 3])
        expect(await stage.app.store.jobByTrigger(`msg:${channel}:${ts(n)}`)).toBeUndefined();
      expect(await stage.app.store.jobByTrigger(`msg:${channel}:${reply.ts}`)).toBeUndefined();
    },
    TEST_MS,
  );
});

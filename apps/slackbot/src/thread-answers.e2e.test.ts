// End to end over real HTTP (real Bolt app, fake Slack, emulator, SQLite store): a question to the app in a
// job's thread is answered, to the one who asked, with that job's state — a line per language, a running one
// with its stage and what the app has learned of its time left — never with "I did not find a video link".
import { byKind, waitFor } from '@dubkit/slack-sandbox';
import { afterEach, describe, expect, it } from 'vitest';
import { JOB_CARD } from './features/dub/card-blocks.ts';
import { ANA, BEN, LONG_WAIT_MS } from './test-support/people.ts';
import { useStage } from './test-support/stage.ts';
import { cardIn, jobIdOf, waitForDubs } from './test-support/threads.ts';

describe('answers in a thread', () => {
  const stage = useStage({ speed: 100 });
  afterEach(() => stage.emulator.setSpeed(100));

  /** A job started by Ana from a mention in `channel`, into Japanese; its thread's root. */
  async function japanese(channel: string) {
    const drop = stage.slack.postUserMessage({
      channel,
      user: ANA,
      text: `<@${stage.slack.botUserId}> <https://vimeo.com/ask|vimeo.com/ask>`,
    });
    await stage.driver.mention(drop);
    const card = await cardIn(stage, channel, drop.ts);
    await stage.driver.click({
      message: card,
      actionId: JOB_CARD.start,
      user: ANA,
      selections: { job_dst: ['ja'] },
    });
    return { drop, jobId: jobIdOf(card) };
  }

  /** `user` asks the app in the thread, and gets an answer only they see. */
  async function ask(channel: string, threadTs: string, user: string) {
    const before = stage.slack.ephemerals.length;
    const question = stage.slack.postUserMessage({
      channel,
      user,
      thread_ts: threadTs,
      text: `<@${stage.slack.botUserId}> how long until Japanese is done?`,
    });
    await stage.driver.mention(question);
    return waitFor(
      () => stage.slack.ephemerals.slice(before).find((e) => e.channel === channel && e.user === user),
      LONG_WAIT_MS,
      'the answer',
    );
  }

  it('“how long until Japanese is done?” in a job’s thread gets the job’s state, per language', async () => {
    // Delivered: the language's line as its card says it.
    const done = await japanese('C1ASK');
    await waitForDubs(stage, 'C1ASK', done.drop.ts, 1);
    const answered = await ask('C1ASK', done.drop.ts, BEN);
    expect(JSON.stringify(answered.blocks)).toContain('🇯🇵 Japanese — ⏳ r1 waiting for review');
    expect(answered.text).not.toMatch(/video link/);

    // Under way: its stage, and what the app has learned of its time left.
    stage.emulator.setSpeed(1);
    const { drop, jobId } = await japanese('C2ASK');
    await waitFor(
      async () => (await stage.app.store.targetsOf(jobId))[0]?.status ?? undefined,
      LONG_WAIT_MS,
      'its project under way',
    );
    const running = await ask('C2ASK', drop.ts, BEN);
    const said = JSON.stringify(running.blocks);
    expect(said).toContain('🎬 *vimeo.com/ask*');
    // Nothing learned yet of most stages on a fresh service: the answer says so rather than promise a time.
    expect(said).toMatch(/🇯🇵 Japanese — 🔄 [^·]+ · (no estimate yet|about \d+ min left|under a minute left)/);
    // The question was not taken for a video: no second card, and the job goes on.
    expect(byKind(stage.slack.thread('C2ASK', drop.ts), 'card')).toHaveLength(1);
    expect((await stage.app.store.getJob(jobId))?.state).toMatch(/starting|running/);
  });
});

// How much a dub says in its thread: a three-language job from `/dub`, counted end to end (real Bolt app over
// HTTP, fake Slack, emulator, SQLite). The figures per dubbed language are printed for docs/benchmarks.md.
import { byKind } from '@dubkit/slack-sandbox';
import { describe, expect, it } from 'vitest';
import { useStage } from './test-support/stage.ts';
import { cardOf, expectNoDuplicates, waitForDubs } from './test-support/threads.ts';

const LANGS = ['es', 'de', 'fr'];
/** Slack's Web API methods that write into a channel or thread. */
const WRITES = [
  'chat.postMessage',
  'chat.update',
  'files.getUploadURLExternal',
  'files.completeUploadExternal',
];

describe('the noise of a dub in its thread', { timeout: 90_000 }, () => {
  const stage = useStage({ speed: 40 });

  it('a three-language job: one status message and one ready reply per language, status edits only on a visible change', async () => {
    const channel = 'C1NOISE';
    await stage.driver.command({
      channel,
      user: 'U0ANA',
      text: `https://www.youtube.com/watch?v=launch-keynote to ${LANGS.join(',')} from en`,
    });
    const card = await cardOf(stage, channel);
    const thread = await waitForDubs(stage, channel, card.ts, LANGS.length);
    const mine = thread.filter((m) => m.bot_id);
    const statuses = byKind(thread, 'status');
    const edits = statuses.reduce((n, m) => n + m.history.length, 0);
    const calls = stage.slack.calls.filter(
      (c) => WRITES.includes(c.method) && (c.args.channel === channel || c.args.channel_id === channel),
    );
    const per = (n: number) => (n / LANGS.length).toFixed(1);
    console.log(
      `noise: ${mine.length} messages (${per(mine.length)} per language), ${edits} status edits (${per(edits)} per language), ${calls.length} Slack write calls (${per(calls.length)} per language)`,
    );
    expect(statuses).toHaveLength(LANGS.length);
    expect(byKind(thread, 'dubbed')).toHaveLength(LANGS.length);
    // Nothing for support in the people's messages: no project ids anywhere but the status message's details.
    for (const message of mine.filter((m) => !statuses.includes(m))) {
      expect(`${message.text} ${JSON.stringify(message.blocks ?? [])}`).not.toMatch(/Project `|project `/);
    }
    for (const status of statuses) {
      const versions = [...status.history.map((h) => h.text), status.text];
      // Each edit says something new a person can see: a stage, a 10 % step or a state.
      expect(new Set(versions).size).toBe(versions.length);
      expect(status.history.length).toBeLessThanOrEqual(12);
    }
    expectNoDuplicates(stage, channel);
  });
});

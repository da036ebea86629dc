// End to end over real HTTP (real Bolt app, fake Slack, emulator, SQLite store): support ids behind "Details".
// German fails at voiceover: its status message says so with no ids in it, and carries a "⋯" menu whose
// "Details for support" tells the person who picked it — only them — the project and the service's status.
// A language dubbed carries no menu; once German is retried and dubbed, its menu is gone.
import { byKind, type SlackMessage, waitFor } from '@dubkit/slack-sandbox';
import { afterEach, describe, expect, it } from 'vitest';
import { CONFIRM } from './features/dub/confirm-views.ts';
import { SUPPORT_DETAILS } from './features/dub/support-details.ts';
import { confirmed } from './test-support/confirm.ts';
import { ANA, BEN, LONG_WAIT_MS, WAIT_MS } from './test-support/people.ts';
import { useStage } from './test-support/stage.ts';
import { cardOf, jobIdOf, waitForDubs } from './test-support/threads.ts';

const TEST_MS = 90_000;
const CHANNEL = 'C37DETAILS';

// biome-ignore lint/suspicious/noExplicitAny: Block Kit JSON as the fake Slack holds it
type Loose = Record<string, any>;

describe('support ids behind Details', () => {
  const stage = useStage({ speed: 100 });
  afterEach(() => stage.emulator.faults.clear());

  const now = (message: SlackMessage) => stage.slack.message(message.channel, message.ts)!;
  const menuOf = (message: SlackMessage) =>
    (now(message).blocks as Loose[])[0]?.accessory as Loose | undefined;

  it(
    'a failed language’s status message has no ids, and its Details menu tells them to whoever picks it',
    async () => {
      stage.slack.setMembers(CHANNEL, [ANA, BEN]);
      stage.emulator.faults.set({ failStage: 'voiceover' });
      await stage.driver.command({ channel: CHANNEL, user: ANA, text: 'https://vimeo.com/details to de' });
      const card = await cardOf(stage, CHANNEL);
      const jobId = jobIdOf(card);
      const failed = await waitFor(
        () => byKind(stage.slack.thread(CHANNEL, card.ts), 'failed')[0],
        LONG_WAIT_MS,
        'the failure',
      );
      await stage.drained(jobId);
      const [target] = await stage.app.store.targetsOf(jobId);
      const status = byKind(stage.slack.thread(CHANNEL, card.ts), 'status')[0]!;
      const said = JSON.stringify(now(status).blocks);
      expect(said).toContain('❌ Failed while');
      expect(said).not.toContain('Details for support:');
      expect(said).not.toContain(target!.projectId!);
      expect(menuOf(status)).toMatchObject({
        type: 'overflow',
        action_id: SUPPORT_DETAILS.menu,
        options: [{ text: { text: 'Details for support' }, value: target!.id }],
      });

      // Ben picks Details: he alone is told the project and the status.
      const told = stage.slack.ephemerals.length;
      const block = (now(status).blocks as Loose[])[0]!;
      await stage.driver.act({
        user: BEN,
        message: now(status),
        values: {},
        action: {
          type: 'overflow',
          action_id: SUPPORT_DETAILS.menu,
          block_id: block.block_id,
          selected_option: block.accessory.options[0],
        },
      });
      const details = await waitFor(() => stage.slack.ephemerals[told], WAIT_MS, 'the details');
      expect(details.user).toBe(BEN);
      expect(details.text).toBe(
        `Details for support of 🇩🇪 German: project \`${target!.projectId}\` · status \`${target!.status}\`. ` +
          'Give these when you ask for help with it.',
      );
      expect(stage.slack.ephemerals.slice(told).filter((e) => e.user !== BEN)).toEqual([]);

      // Retried and dubbed: the menu is gone with the failure.
      stage.emulator.faults.clear();
      await confirmed(stage, {
        message: failed,
        actionId: 'target_retry',
        user: BEN,
        callbackId: CONFIRM.retry,
      });
      await waitForDubs(stage, CHANNEL, card.ts, 1);
      await stage.drained(jobId);
      expect(menuOf(status)).toBeUndefined();
    },
    TEST_MS,
  );
});

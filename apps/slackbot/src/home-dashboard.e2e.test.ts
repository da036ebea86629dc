// End to end over real HTTP (real Bolt app, fake Slack, emulator, SQLite store): App Home as a dashboard. Ben,
// the channel's approver, sees Spanish under "Waiting for my approval (1)" with Approve and its thread's link,
// and nowhere else; Ana, who started the job, sees German — Ben asked changes of it — under "Changes requested on
// my work (1)" with Review. Approve on Home approves (said in a dialog; Home drawn again without it), Review on
// Home opens the review; someone outside the channel pressing it is refused and nothing changes.
import { byKind, waitFor } from '@dubkit/slack-sandbox';
import { describe, expect, it } from 'vitest';
import { APPROVAL_ACTIONS } from './features/approval/blocks.ts';
import { HOME_ACTIONS } from './features/home/items.ts';
import { REVIEW } from './features/review/modal.ts';
import { APPROVERS_SETTING } from './features/settings/approvers-block.ts';
import { homeOf } from './test-support/home.ts';
import { ANA, BEN, LONG_WAIT_MS, WAIT_MS } from './test-support/people.ts';
import { qaOff } from './test-support/qa.ts';
import { submitSettings } from './test-support/settings.ts';
import { type AppStage, useStage } from './test-support/stage.ts';
import { cardOf, jobIdOf } from './test-support/threads.ts';

const MALLORY = 'U0MAL';
const CHANNEL = 'C37HOME';
const TEST_MS = 120_000;

/** The Home view last published for `user`: its id, as the fake Slack holds it. */
const homeViewOf = (stage: AppStage, user: string) =>
  stage.slack.views.filter((v) => v.user_id === user && v.view.type === 'home').at(-1)!;

/** The mrkdwn of the sections under a heading ("Heading (n)"), up to the next divider. */
function under(home: string, heading: string): string[] {
  const blocks = JSON.parse(home) as { type: string; text?: { text: string } }[];
  const start = blocks.findIndex((b) => b.type === 'header' && b.text!.text.startsWith(`${heading} (`));
  if (start < 0) return [];
  const end = blocks.findIndex((b, i) => i > start && (b.type === 'divider' || b.type === 'header'));
  return blocks.slice(start + 1, end < 0 ? undefined : end).map((b) => b.text?.text ?? '');
}

describe('App Home as a dashboard, end to end', () => {
  const stage = useStage({ speed: 100 });

  it(
    'groups each language once with its thread and main action, and the actions work from Home',
    async () => {
      stage.slack.setMembers(CHANNEL, [ANA, BEN]);
      await qaOff(stage, CHANNEL);
      await submitSettings(stage, CHANNEL, ANA, {
        [APPROVERS_SETTING.block]: {
          [APPROVERS_SETTING.action]: { type: 'multi_users_select', selected_users: [BEN] },
        },
      });
      await waitFor(
        async () => (await stage.app.store.channelApprovers(CHANNEL)).includes(BEN),
        WAIT_MS,
        'Ben named the approver',
      );
      await stage.driver.command({
        channel: CHANNEL,
        user: ANA,
        text: 'https://vimeo.com/dash to es,de from en',
      });
      const card = await cardOf(stage, CHANNEL);
      const replies = await waitFor(
        () => {
          const dubbed = byKind(stage.slack.thread(CHANNEL, card.ts), 'dubbed');
          return dubbed.length === 2 ? dubbed : undefined;
        },
        LONG_WAIT_MS,
        'both dubbed replies',
      );
      const targets = await stage.app.store.targetsOf(jobIdOf(card));
      const spanish = targets.find((t) => t.dstLang === 'es')!;
      const german = targets.find((t) => t.dstLang === 'de')!;
      const germanReply = replies.find((m) => m.text.startsWith('German'))!;

      // Ben asks changes of German.
      const before = stage.slack.views.length;
      await stage.driver.click({
        message: germanReply,
        actionId: APPROVAL_ACTIONS.requestChanges,
        user: BEN,
      });
      const dialog = await waitFor(() => stage.slack.views[before], WAIT_MS, 'the reason dialog');
      await stage.driver.submitView({
        viewId: dialog.id,
        user: BEN,
        values: {
          [APPROVAL_ACTIONS.reasonBlock]: {
            [APPROVAL_ACTIONS.reasonAction]: { type: 'plain_text_input', value: 'The names are wrong' },
          },
        },
      });
      await waitFor(
        async () => (await stage.app.store.changeRequestsOf([german.id])).length === 1,
        WAIT_MS,
        'the change request',
      );

      // Ben's Home: Spanish waits for his approval, once, with Approve and the thread's link.
      const bens = await homeOf(stage, BEN);
      const forApproval = under(bens, 'Waiting for my approval');
      expect(forApproval).toHaveLength(1);
      expect(forApproval[0]).toContain('🇪🇸 Spanish · render 1');
      expect(forApproval[0]).toContain('|Open thread>');
      expect(bens).toContain(`"action_id":"${HOME_ACTIONS.approve}","value":"${spanish.id}"`);
      expect(under(bens, 'Waiting for you')).toEqual([]);

      // Ana's Home: German's changes are hers to make, with Review.
      const anas = await homeOf(stage, ANA);
      const mine = under(anas, 'Changes requested on my work');
      expect(mine).toHaveLength(1);
      expect(mine[0]).toContain(`🇩🇪 German · render 1`);
      expect(mine[0]).toContain(`✋ <@${BEN}>: “The names are wrong”`);
      expect(anas).toContain(`"action_id":"${HOME_ACTIONS.review}","value":"${german.id}"`);
      expect(under(anas, 'Your dubs')[0]).toContain('|Open thread>');

      // Mallory, outside the channel, pressing Approve with Spanish's id: refused, nothing approved.
      await stage.driver.clickInView({
        viewId: homeViewOf(stage, BEN).id,
        actionId: HOME_ACTIONS.approve,
        user: MALLORY,
        values: {},
      });
      expect(await stage.app.store.approvalsOf([spanish.id])).toEqual([]);

      // Ben approves from Home: told in a dialog; his Home is drawn again without it.
      const views = stage.slack.views.length;
      await stage.driver.clickInView({
        viewId: homeViewOf(stage, BEN).id,
        actionId: HOME_ACTIONS.approve,
        user: BEN,
        values: {},
      });
      await waitFor(
        () =>
          stage.slack.views
            .slice(views)
            .some((v) => JSON.stringify(v.view.blocks).includes('✅ You approved render 1 of Spanish.')),
        WAIT_MS,
        'the approval said in a dialog',
      );
      await waitFor(
        () => JSON.stringify(homeViewOf(stage, BEN).view.blocks).includes('Nothing waits for your approval'),
        WAIT_MS,
        'Ben’s Home drawn again',
      );
      expect(await stage.app.store.approvalsOf([spanish.id])).toMatchObject([{ attempt: 1, userId: BEN }]);

      // Ana's Review on Home opens German's review (and her Home is drawn again after it).
      const published = () =>
        stage.slack.callsOf('views.publish').filter((c) => c.args.user_id === ANA).length;
      const drawn = published();
      const opened = stage.slack.views.length;
      await stage.driver.clickInView({
        viewId: homeViewOf(stage, ANA).id,
        actionId: HOME_ACTIONS.review,
        user: ANA,
        values: {},
      });
      await waitFor(
        () => stage.slack.views.slice(opened).some((v) => v.view.callback_id === REVIEW.callbackId),
        WAIT_MS,
        'the review opened from Home',
      );
      await waitFor(() => published() > drawn, WAIT_MS, 'Ana’s Home drawn again');
    },
    TEST_MS,
  );
});

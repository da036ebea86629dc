// End to end over real HTTP (real Bolt app, fake Slack, emulator, SQLite store): a user group as a channel's
// approvers. `/dub settings` offers the workspace's groups and names the one picked; a member of the group
// approves, someone outside it is refused with the group named; taken out of the group in Slack, the same
// person is refused at the next click. A member's App Home lists the language waiting. Without the
// usergroups:read scope the dialog offers no groups, and the people picker still works.
import { byKind, waitFor } from '@dubkit/slack-sandbox';
import { describe, expect, it } from 'vitest';
import { APPROVAL_ACTIONS } from './features/approval/blocks.ts';
import { APPROVER_GROUPS_SETTING, APPROVERS_SETTING } from './features/settings/approvers-block.ts';
import { homeOf } from './test-support/home.ts';
import { ANA, BEN, WAIT_MS } from './test-support/people.ts';
import { qaOff } from './test-support/qa.ts';
import { dubbedJob } from './test-support/review.ts';
import { nextEphemeral, submitSettings } from './test-support/settings.ts';
import { useStage } from './test-support/stage.ts';

const OMAR = 'U0OMAR';
const QA = { id: 'S0QAES', handle: 'qa-es', name: 'Spanish <QA> & co' };
const TEST_MS = 120_000;

const picked = (people: string[], groups?: string[]) => ({
  [APPROVERS_SETTING.block]: {
    [APPROVERS_SETTING.action]: { type: 'multi_users_select', selected_users: people },
  },
  ...(groups
    ? {
        [APPROVER_GROUPS_SETTING.block]: {
          [APPROVER_GROUPS_SETTING.action]: {
            type: 'multi_static_select',
            selected_options: groups.map((value) => ({ value })),
          },
        },
      }
    : {}),
});

describe('a user group as a channel’s approvers, end to end', () => {
  const stage = useStage({ speed: 100 });

  it(
    'lets the group’s members approve, refuses others naming the group, and reads membership at each click',
    async () => {
      const channel = 'C24GROUPS';
      stage.slack.setMembers(channel, [ANA, BEN, OMAR]);
      stage.slack.setUserGroup({ ...QA, users: [BEN] });
      await qaOff(stage, channel);

      // The dialog offers the group (plain text, as written); a forged group id is refused.
      const { modal, answer: forged } = await submitSettings(stage, channel, ANA, picked([], ['S0FORGED']));
      const groupsBlock = (
        modal.view.blocks as { block_id?: string; element?: { options?: unknown[] } }[]
      ).find((b) => b.block_id === APPROVER_GROUPS_SETTING.block);
      expect(groupsBlock?.element?.options).toEqual([
        { text: { type: 'plain_text', text: '@qa-es · Spanish <QA> & co', emoji: true }, value: QA.id },
      ]);
      expect(JSON.parse(forged.body)).toMatchObject({
        response_action: 'errors',
        errors: { [APPROVER_GROUPS_SETTING.block]: expect.stringContaining('Pick groups from the list') },
      });
      expect(await stage.app.store.channelApprovers(channel)).toEqual([]);

      const { answer } = await submitSettings(stage, channel, ANA, picked([], [QA.id]));
      expect(answer.status).toBe(200);
      const saved = await waitFor(
        () => stage.slack.ephemerals.find((e) => e.channel === channel && e.user === ANA),
        WAIT_MS,
        'the confirmation',
      );
      expect(saved.text).toContain(`approvers <!subteam^${QA.id}>.`);
      expect(await stage.app.store.channelApprovers(channel)).toEqual([QA.id]);

      const { dubbed, target } = await dubbedJob(stage, channel, 'https://vimeo.com/group-review', ANA);

      // Ben's Home lists Spanish as waiting for his approval, as a member — once, not again as waiting for him.
      const bens = await homeOf(stage, BEN);
      expect(bens).toContain('Waiting for my approval (1)');
      expect(bens).not.toContain('Waiting for you');
      expect(bens).toContain(`🇪🇸 Spanish · render 1 — *vimeo.com/group-review* in <#${channel}>`);

      // Omar, outside the group, is refused with the group named.
      const refused = await nextEphemeral(stage, channel, OMAR, () =>
        stage.driver.click({ message: dubbed, actionId: APPROVAL_ACTIONS.approve, user: OMAR }),
      );
      expect(refused.text).toBe(`⛔ Only <!subteam^${QA.id}> can approve in this channel. Nothing was done.`);
      expect(await stage.app.store.approvalsOf([target.id])).toEqual([]);

      // Ben leaves the group in Slack: refused at his next click.
      stage.slack.setUserGroup({ ...QA, users: [OMAR] });
      const gone = await nextEphemeral(stage, channel, BEN, () =>
        stage.driver.click({ message: dubbed, actionId: APPROVAL_ACTIONS.approve, user: BEN }),
      );
      expect(gone.text).toBe(`⛔ Only <!subteam^${QA.id}> can approve in this channel. Nothing was done.`);
      expect(await stage.app.store.approvalsOf([target.id])).toEqual([]);

      // Omar, now in it, approves.
      const approved = await nextEphemeral(stage, channel, OMAR, () =>
        stage.driver.click({ message: dubbed, actionId: APPROVAL_ACTIONS.approve, user: OMAR }),
      );
      expect(approved.text).toBe('✅ You approved render 1 of Spanish.');
      expect(await stage.app.store.approvalsOf([target.id])).toMatchObject([{ userId: OMAR, attempt: 1 }]);
      expect(byKind(stage.slack.thread(channel, dubbed.thread_ts!), 'dubbed')).toHaveLength(1);
    },
    TEST_MS,
  );

  it(
    'refuses, changing nothing, when Slack will not say who is in the group; without the scope, offers no groups',
    async () => {
      const channel = 'C24NOSCOPE';
      stage.slack.setMembers(channel, [ANA, BEN]);
      stage.slack.setUserGroup({ ...QA, users: [BEN] });
      await qaOff(stage, channel);
      await submitSettings(stage, channel, ANA, picked([ANA], [QA.id]));
      await waitFor(
        async () => (await stage.app.store.channelApprovers(channel)).length === 2,
        WAIT_MS,
        'saved',
      );
      const { dubbed, target } = await dubbedJob(stage, channel, 'https://vimeo.com/no-scope', ANA);

      stage.slack.missingScopes.add('usergroups:read');
      const unchecked = await nextEphemeral(stage, channel, BEN, () =>
        stage.driver.click({ message: dubbed, actionId: APPROVAL_ACTIONS.approve, user: BEN }),
      );
      expect(unchecked.text).toContain('could not be checked. Nothing was done');
      expect(await stage.app.store.approvalsOf([target.id])).toEqual([]);

      // The dialog has no groups input; Ana, a named approver, adds Ben as a person: the group stays.
      const { modal, answer: second } = await submitSettings(stage, channel, ANA, picked([ANA, BEN]));
      expect(second.status).toBe(200);
      const ids = (modal.view.blocks as { block_id?: string }[]).map((b) => b.block_id);
      expect(ids).toContain(APPROVERS_SETTING.block);
      expect(ids).not.toContain(APPROVER_GROUPS_SETTING.block);
      await waitFor(
        async () => (await stage.app.store.channelApprovers(channel)).length === 3,
        WAIT_MS,
        'saved',
      );
      expect(await stage.app.store.channelApprovers(channel)).toEqual([ANA, BEN, QA.id]);
      const approved = await nextEphemeral(stage, channel, BEN, () =>
        stage.driver.click({ message: dubbed, actionId: APPROVAL_ACTIONS.approve, user: BEN }),
      );
      expect(approved.text).toBe('✅ You approved render 1 of Spanish.');
    },
    TEST_MS,
  );
});

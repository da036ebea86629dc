// End to end over real HTTP (real Bolt app, fake Slack, emulator, SQLite store): `/dub settings` saves a
// channel's default languages, which the next job card preselects; App Home is published with the person's
// jobs and their states, the credits, and the defaults they set; a reviewer's Home shows what waits for them.
import { keyOf, waitFor } from '@dubkit/slack-sandbox';
import { describe, expect, it } from 'vitest';
import { SETTINGS_UI } from './features/settings/blocks.ts';
import { homeOf } from './test-support/home.ts';
import { ANA, BEN, WAIT_MS } from './test-support/people.ts';
import { useStage } from './test-support/stage.ts';

const TEST_MS = 60_000;
const CHANNEL = 'C20HOME';

describe('settings and App Home, end to end', () => {
  const stage = useStage({ speed: 100 });

  it(
    '/dub settings saves the channel’s default languages and the next card preselects them',
    async () => {
      const before = stage.slack.views.length;
      await stage.driver.command({ channel: CHANNEL, user: ANA, text: 'settings' });
      const modal = await waitFor(() => stage.slack.views[before], WAIT_MS, 'the settings dialog');
      expect(modal.view.callback_id).toBe(SETTINGS_UI.callbackId);
      await stage.driver.submitView({
        viewId: modal.id,
        user: ANA,
        values: {
          [SETTINGS_UI.langsBlock]: {
            job_dst: { type: 'multi_static_select', selected_options: [{ value: 'es' }, { value: 'de' }] },
          },
        },
      });
      const saved = await waitFor(
        () => stage.slack.ephemerals.find((e) => e.channel === CHANNEL),
        WAIT_MS,
        'the confirmation',
      );
      expect(saved.text).toBe(`Saved the defaults for <#${CHANNEL}>: dub into Spanish, German.`);

      const drop = stage.slack.postUserMessage({
        channel: CHANNEL,
        user: ANA,
        text: `<@${stage.slack.botUserId}> <https://vimeo.com/home-keynote>`,
      });
      await stage.driver.mention(drop);
      const card = await waitFor(
        () => stage.slack.thread(CHANNEL, drop.ts).find((m) => keyOf(m).startsWith('card:')),
        WAIT_MS,
        'the card',
      );
      const dst = (
        card.blocks as { block_id?: string; elements?: { initial_options?: { value: string }[] }[] }[]
      ).find((b) => b.block_id?.startsWith('job_dst:'));
      expect(dst?.elements?.[0]?.initial_options?.map((o) => o.value)).toEqual(['es', 'de']);
      // Start with the preselected languages as they are.
      await stage.driver.click({ message: card, actionId: 'job_start', user: ANA });
      await waitFor(
        () => stage.slack.thread(CHANNEL, drop.ts).filter((m) => keyOf(m).startsWith('dubbed:')).length === 2,
        WAIT_MS,
        'both dubs',
      );
    },
    TEST_MS,
  );

  it(
    '/dub settings takes one default glossary per language pair',
    async () => {
      const channel = 'C24SETTINGS';
      const record = (id: string, name: string) => ({
        id,
        name,
        srcLang: 'en',
        dstLang: 'es',
        version: 1,
        channel,
        createdBy: ANA,
        updatedAt: 1,
      });
      await stage.app.store.saveGlossary(record('g-a', 'Terms A'));
      await stage.app.store.saveGlossary(record('g-b', 'Terms B'));
      const open = async () => {
        const before = stage.slack.views.length;
        await stage.driver.command({ channel, user: ANA, text: 'settings' });
        return waitFor(() => stage.slack.views[before], WAIT_MS, 'the settings dialog');
      };
      const glossaries = (ids: string[]) => ({
        [SETTINGS_UI.glossaryBlock]: {
          job_glossary: { type: 'multi_static_select', selected_options: ids.map((value) => ({ value })) },
        },
      });
      const first = await open();
      expect(JSON.stringify(first.view.blocks)).toContain('Terms B (en→es, v1)');
      const refused = await stage.driver.submitView({
        viewId: first.id,
        user: ANA,
        values: glossaries(['g-a', 'g-b']),
      });
      expect(JSON.parse(refused.body)).toEqual({
        response_action: 'errors',
        errors: { [SETTINGS_UI.glossaryBlock]: 'Pick one glossary per language pair (two are en→es).' },
      });
      await stage.driver.submitView({ viewId: first.id, user: ANA, values: glossaries(['g-b']) });
      await waitFor(
        () => stage.slack.ephemerals.find((e) => e.channel === channel),
        WAIT_MS,
        'the confirmation',
      );
      expect(await stage.app.store.channelSettings(channel)).toMatchObject({
        dstLangs: [],
        glossaryIds: ['g-b'],
      });
    },
    TEST_MS,
  );

  it(
    'publishes Home with the person’s jobs and their states, the credits and their channel defaults',
    async () => {
      const publishes = stage.slack.callsOf('views.publish').length;
      await stage.driver.event({ type: 'app_home_opened', user: ANA, channel: 'D0ANA', tab: 'home' });
      await waitFor(() => stage.slack.callsOf('views.publish').length > publishes, WAIT_MS, 'the Home view');
      const call = stage.slack.callsOf('views.publish').at(-1)!;
      expect(call.args.user_id).toBe(ANA);
      const view = JSON.parse(String(call.args.view)) as { type: string; blocks: unknown[] };
      expect(view.type).toBe('home');
      expect(view.blocks.length).toBeLessThanOrEqual(100);
      const text = JSON.stringify(view.blocks);
      expect(text).toContain(`*vimeo.com/home-keynote* in <#${CHANNEL}>`);
      expect(text).toMatch(/🇪🇸 Spanish: ⏳ dubbed, waiting for review · 🇩🇪 German: ⏳ dubbed/);
      expect(text).toMatch(/of 6,000 minutes used/);
      expect(text).toContain(`<#${CHANNEL}>: 🇪🇸 Spanish, 🇩🇪 German`);
    },
    TEST_MS,
  );

  it(
    'shows Ben, who did not start the job, that it waits for his review, and after he approves, among his',
    async () => {
      stage.slack.setMembers(CHANNEL, [ANA, BEN]);
      const before = await homeOf(stage, BEN);
      expect(before).toMatch(
        /"Waiting for you \(2\)".*waiting for review\\n\*vimeo\.com\/home-keynote\* in <#C20HOME> · started by <@U0ANA>/,
      );
      expect(before).toContain('None of your own yet.');
      // Ben approves both languages: nothing waits for him; the job is his too, never "No dubs yet".
      // (Recorded in the store as the Approve button does; the button itself is approval.e2e's.)
      const job = (await stage.app.store.recentJobs(ANA, 10)).find(
        (j) => j.title === 'vimeo.com/home-keynote',
      );
      for (const target of await stage.app.store.targetsOf(job!.id))
        await stage.app.store.recordApproval({
          targetId: target.id,
          attempt: target.attempt,
          userId: BEN,
          at: 1,
        });
      const after = await homeOf(stage, BEN);
      expect(after).not.toContain('Waiting for you');
      expect(after).not.toContain('No dubs yet');
      expect(after).toMatch(/Spanish: ✅ approved by <@U0BEN> · 🇩🇪 German: ✅ approved by <@U0BEN>/);
    },
    TEST_MS,
  );
});

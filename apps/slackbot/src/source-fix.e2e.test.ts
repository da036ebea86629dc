// End to end over real HTTP (real Bolt app, fake Slack, emulator, SQLite store): one source fix for every
// language. In the Spanish review, Fix source on a segment, applied to German too (French left out): both
// projects' segments at those times get the new source text, both flag the segment "source changed — check the
// translation" with the old and new source in their review, nothing is charged or rendered for it, French is
// untouched, and the thread says which languages changed, with Review for each.
import { DubbingClient } from '@dubkit/core';
import { byKind, waitFor } from '@dubkit/slack-sandbox';
import { beforeAll, describe, expect, it } from 'vitest';
import { REVIEW } from './features/review/modal.ts';
import { SOURCE_FIX } from './features/review/source-fix-blocks.ts';
import { THREAD_ACTIONS } from './features/review/thread-blocks.ts';
import { ANA, BEN, WAIT_MS } from './test-support/people.ts';
import { type AppStage, useStage } from './test-support/stage.ts';
import { cardOf, jobIdOf } from './test-support/threads.ts';

const TEST_MS = 90_000;
const CHANNEL = 'C43SOURCE';

// biome-ignore lint/suspicious/noExplicitAny: Block Kit JSON as the fake Slack holds it
type Loose = Record<string, any>;
const viewOf = (stage: AppStage, id: string) => stage.slack.views.find((v) => v.id === id)!.view as Loose;

describe('one source fix for every language, end to end', () => {
  const stage = useStage({ speed: 100 });
  let service: DubbingClient;
  beforeAll(() => {
    service = new DubbingClient({ baseUrl: stage.serviceUrl, token: stage.serviceToken });
  });

  it(
    'applies a source fix to the same segment of the languages chosen and says which changed',
    async () => {
      await stage.driver.command({
        channel: CHANNEL,
        user: ANA,
        text: 'https://vimeo.com/source-fix to es,de,fr from en',
      });
      const card = await cardOf(stage, CHANNEL);
      const replies = await waitFor(
        () => {
          const dubbed = byKind(stage.slack.thread(CHANNEL, card.ts), 'dubbed');
          return dubbed.length === 3 ? dubbed : undefined;
        },
        WAIT_MS,
        'three dubbed replies',
      );
      const targets = await stage.app.store.targetsOf(jobIdOf(card));
      const byLang = (lang: string) => targets.find((t) => t.dstLang === lang)!;
      const segmentsOf = async (lang: string) =>
        (await service.transcription.get(byLang(lang).projectId!)).segments;
      const [spanish, german, french] = await Promise.all(['es', 'de', 'fr'].map(segmentsOf));
      const fixed = spanish![1]!;
      const at = (segments: typeof spanish) =>
        segments!.find((s) => s.start === fixed.start && s.end === fixed.end)!;
      const frenchBefore = at(french).src!.text;

      // The Spanish review, then Fix source beside segment 2.
      const reply = replies.find((m) => m.text.startsWith('Spanish'))!;
      const before = stage.slack.views.length;
      await stage.driver.click({ message: reply, actionId: THREAD_ACTIONS.review, user: ANA });
      const modal = await waitFor(() => stage.slack.views[before], WAIT_MS, 'the review');
      await waitFor(() => modal.view.callback_id === REVIEW.callbackId, WAIT_MS, 'its segments');
      await stage.driver.clickInView({
        viewId: modal.id,
        actionId: SOURCE_FIX.open,
        value: fixed.id,
        user: ANA,
        values: {},
      });
      await waitFor(
        () => viewOf(stage, modal.id).callback_id === SOURCE_FIX.callbackId,
        WAIT_MS,
        'the dialog',
      );
      const dialog = viewOf(stage, modal.id);
      const text = JSON.stringify(dialog.blocks);
      expect(text).toContain(`${fixed.start} → ${fixed.end}`);
      const langs = (dialog.blocks as Loose[]).find((b) => b.block_id === SOURCE_FIX.langsBlock)!;
      expect(langs.element.options.map((o: Loose) => o.text.text).sort()).toEqual(['French', 'German']);
      expect(langs.element.initial_options).toHaveLength(2);

      // Apply to German only.
      await stage.driver.submitView({
        viewId: modal.id,
        user: ANA,
        values: {
          [SOURCE_FIX.textBlock]: {
            [SOURCE_FIX.textAction]: { type: 'plain_text_input', value: 'The corrected line.' },
          },
          [SOURCE_FIX.langsBlock]: {
            [SOURCE_FIX.langsAction]: { type: 'checkboxes', selected_options: [{ value: byLang('de').id }] },
          },
        },
      });
      await waitFor(
        () => viewOf(stage, modal.id).callback_id === REVIEW.callbackId,
        WAIT_MS,
        'back to the review',
      );
      // The review shows the segment's new source.
      expect(JSON.stringify(viewOf(stage, modal.id).blocks)).toContain('The corrected line.');

      expect(at(await segmentsOf('es')).src!.text).toBe('The corrected line.');
      expect(at(await segmentsOf('de')).src!.text).toBe('The corrected line.');
      expect(at(await segmentsOf('fr')).src!.text).toBe(frenchBefore);
      // Flagged to check, not charged: a render re-voices the translation, which the fix left as it was.
      expect(await stage.app.store.redubChanges(byLang('es').id)).toMatchObject([
        { kind: 'source', ref: fixed.id, was: fixed.src!.text },
      ]);
      expect(await stage.app.store.redubChanges(byLang('de').id)).toMatchObject([
        { kind: 'source', ref: at(german).id, was: at(german).src!.text },
      ]);
      expect(await stage.app.store.redubChanges(byLang('fr').id)).toEqual([]);
      // The review shows the segment flagged, with its old and new source.
      expect(JSON.stringify(viewOf(stage, modal.id).blocks)).toContain(
        `⚠️ Source changed — check the translation. Old source: “${fixed.src!.text}” · new source: “The corrected line.”`,
      );

      const summary = await waitFor(
        () => byKind(stage.slack.thread(CHANNEL, card.ts), 'source-fix')[0],
        WAIT_MS,
        'the thread line',
      );
      const blocks = JSON.stringify(summary.blocks);
      expect(blocks).toContain(
        `<@${ANA}> fixed the source text at \`${fixed.start} → ${fixed.end}\` in 🇪🇸 Spanish, 🇩🇪 German.`,
      );
      expect(blocks).not.toContain('French');
      // No render is offered for a translation that did not change: a Review button for each language instead.
      const buttons = (summary.blocks as Loose[])
        .filter((b) => b.type === 'actions')
        .map((b) => [b.elements[0].action_id, b.elements[0].value]);
      expect(buttons).toEqual([
        [THREAD_ACTIONS.review, byLang('es').id],
        [THREAD_ACTIONS.review, byLang('de').id],
      ]);

      // German's review from that line: the same segment flagged, old and new source beside the translation.
      const reviews = stage.slack.views.length;
      // The driver presses the last Review button of the line: German's.
      await stage.driver.click({ message: summary, actionId: THREAD_ACTIONS.review, user: ANA });
      const germanReview = await waitFor(() => stage.slack.views[reviews], WAIT_MS, 'the German review');
      await waitFor(() => germanReview.view.callback_id === REVIEW.callbackId, WAIT_MS, 'its segments');
      const flagged = (germanReview.view.blocks as Loose[]).find(
        (b) => b.accessory?.value === at(german).id,
      )!;
      expect(flagged.text.text).toContain(
        `⚠️ Source changed — check the translation. Old source: “${at(german).src!.text}” · new source: “The corrected line.”`,
      );

      // Render again on German's reply: nothing the dub says changed, so nothing is offered or rendered.
      const germanReply = replies.find((m) => m.text.startsWith('German'))!;
      const renders = stage.slack.views.length;
      await stage.driver.click({ message: germanReply, actionId: THREAD_ACTIONS.render, user: ANA });
      const price = await waitFor(() => stage.slack.views[renders], WAIT_MS, 'the render dialog');
      await waitFor(
        () => JSON.stringify(price.view.blocks).includes('Nothing to render'),
        WAIT_MS,
        'the answer',
      );
      expect(price.view.submit).toBeUndefined();
      expect(JSON.stringify(price.view.blocks)).toContain('a fixed source alone changes nothing heard');
      expect((await service.projects.get(byLang('de').projectId!)).status).toBe('transcript_edited');
      expect(await stage.app.store.getTarget(byLang('de').id)).toMatchObject({ attempt: 1, terminal: true });
      expect(await stage.app.store.renderIntents()).toEqual([]);
      expect(byKind(stage.slack.thread(CHANNEL, card.ts), 'dubbed')).toHaveLength(3);
    },
    TEST_MS,
  );

  it(
    '“Back to the review” returns to the review the dialog was opened from, whatever session the button names',
    async () => {
      const channel = 'C44BACK';
      await stage.driver.command({
        channel,
        user: ANA,
        text: 'https://vimeo.com/source-back to es,de from en',
      });
      const card = await cardOf(stage, channel);
      const replies = await waitFor(
        () => {
          const dubbed = byKind(stage.slack.thread(channel, card.ts), 'dubbed');
          return dubbed.length === 2 ? dubbed : undefined;
        },
        WAIT_MS,
        'two dubbed replies',
      );
      const openReview = async (lang: string, user: string) => {
        const before = stage.slack.views.length;
        const reply = replies.find((m) => m.text.startsWith(lang))!;
        await stage.driver.click({ message: reply, actionId: THREAD_ACTIONS.review, user });
        const modal = await waitFor(() => stage.slack.views[before], WAIT_MS, `the ${lang} review`);
        await waitFor(() => modal.view.callback_id === REVIEW.callbackId, WAIT_MS, 'its segments');
        return modal;
      };
      // Ben reviews German; Ana reviews Spanish and opens Fix source.
      const bens = await openReview('German', BEN);
      const bensSession = String(bens.view.private_metadata);
      const anas = await openReview('Spanish', ANA);
      const anasSession = String(anas.view.private_metadata);
      const segment = (viewOf(stage, anas.id).blocks as Loose[]).find(
        (b) => b.accessory?.action_id === SOURCE_FIX.open,
      )!.accessory.value as string;
      await stage.driver.clickInView({
        viewId: anas.id,
        actionId: SOURCE_FIX.open,
        value: segment,
        user: ANA,
        values: {},
      });
      await waitFor(
        () => viewOf(stage, anas.id).callback_id === SOURCE_FIX.callbackId,
        WAIT_MS,
        'the dialog',
      );
      // Her Back button, as a forged payload would have it, names Ben's review.
      for (const block of viewOf(stage, anas.id).blocks as Loose[])
        for (const element of block.elements ?? [])
          if (element.action_id === SOURCE_FIX.back) element.value = bensSession;
      await stage.driver.clickInView({ viewId: anas.id, actionId: SOURCE_FIX.back, user: ANA, values: {} });
      await waitFor(
        () => viewOf(stage, anas.id).callback_id === REVIEW.callbackId,
        WAIT_MS,
        'the review again',
      );
      // Her own review is back in her modal; Ben's stays his.
      expect(viewOf(stage, anas.id).private_metadata).toBe(anasSession);
      expect(viewOf(stage, anas.id).title.text).toContain('Spanish');
      expect((await stage.app.store.modalGrant(anas.id))?.subject).toBe(anasSession);
      expect(await stage.app.store.modalGrant(bens.id)).toMatchObject({ opener: BEN, subject: bensSession });
    },
    TEST_MS,
  );
});

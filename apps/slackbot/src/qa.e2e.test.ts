// End to end over real HTTP (real Bolt app, fake Slack, emulator, SQLite store): localization QA in the thread.
// A job translated with a glossary, whose emulated translation drops one term, gets a dubbed reply with the QA
// line; Review flagged opens the review with only that segment and why; the fix is saved, Render again, and
// the new reply's QA finds nothing. A channel that turned QA off gets no line.
import { readFileSync } from 'node:fs';
import { DubbingClient } from '@dubkit/core';
import { byKind, keyOf, type SlackMessage, waitFor } from '@dubkit/slack-sandbox';
import { beforeAll, describe, expect, it } from 'vitest';
import { GLOSSARY_PICKER } from './features/dub/glossary-picker.ts';
import { QA_ACTIONS, QA_BLOCK_ID } from './features/qa/line.ts';
import { REVIEW } from './features/review/modal.ts';
import { RENDER_UI } from './features/review/render-modal.ts';
import { THREAD_ACTIONS } from './features/review/thread-blocks.ts';
import { ANA, WAIT_MS } from './test-support/people.ts';
import { type AppStage, useStage } from './test-support/stage.ts';
import { jobIdOf } from './test-support/threads.ts';

const TEST_MS = 90_000;

// biome-ignore lint/suspicious/noExplicitAny: Block Kit JSON as the fake Slack holds it
type Loose = Record<string, any>;

const video = () => new Uint8Array(readFileSync(new URL('../fixtures/talk.mp4', import.meta.url)));
// The source, timed so that the pseudo-translation reads well under 20 characters a second: only the glossary
// can be at fault.
const SOURCE = new TextEncoder().encode(
  '1\n00:00:00,000 --> 00:00:03,000\nOpen the dashboard\n\n' +
    '2\n00:00:04,000 --> 00:00:07,000\nSend the invoice today\n',
);

const viewOf = (stage: AppStage, id: string) => stage.slack.views.find((v) => v.id === id)!.view as Loose;
const viewText = (stage: AppStage, id: string) => JSON.stringify(viewOf(stage, id).blocks);
const qaBlock = (message: SlackMessage) =>
  (message.blocks as Loose[] | undefined)?.find((b) => b.block_id === QA_BLOCK_ID);

/** A video dropped with its source .srt, its card; the job's id. */
async function droppedJob(stage: AppStage, channel: string) {
  const files = [
    stage.slack.addFile({ name: 'talk.mp4', mimetype: 'video/mp4', content: video() }),
    stage.slack.addFile({ name: 'talk.en.srt', mimetype: 'application/x-subrip', content: SOURCE }),
  ];
  const drop = stage.slack.postUserMessage({ channel, user: ANA, text: 'please QA this', files });
  await stage.driver.event({
    type: 'message',
    subtype: 'file_share',
    user: ANA,
    text: drop.text,
    ts: drop.ts,
    channel,
    channel_type: 'channel',
    files: files.map(({ content: _content, ...file }) => file),
  });
  const card = await waitFor(
    () => stage.slack.thread(channel, drop.ts).find((m) => keyOf(m).startsWith('card:')),
    WAIT_MS,
    'the card',
  );
  await waitFor(
    () => byKind(stage.slack.thread(channel, drop.ts), 'subtitles')[0],
    WAIT_MS,
    'the .srt report',
  );
  return { drop, card, jobId: jobIdOf(card) };
}

/** The n-th dubbed reply of the thread (1-based), once it is there. */
const dubbedReply = (stage: AppStage, channel: string, threadTs: string, n: number) =>
  waitFor(() => byKind(stage.slack.thread(channel, threadTs), 'dubbed')[n - 1], WAIT_MS, `dubbed reply ${n}`);

describe('localization QA in the thread, end to end', () => {
  const stage = useStage({ speed: 100 });
  let service: DubbingClient;
  beforeAll(() => {
    service = new DubbingClient({ baseUrl: stage.serviceUrl, token: stage.serviceToken });
  });

  it(
    'flags the segment whose translation dropped a glossary term, reviews only it, and a render after the fix is clean',
    async () => {
      const channel = 'C40QA';
      const glossary = await service.glossaries.create({
        name: 'QA terms',
        src_lang: 'en',
        dst_lang: 'es',
        entries: { dashboard: 'tablero', invoice: 'factura' },
      });
      await stage.app.store.saveGlossary({
        id: glossary.id,
        name: 'QA terms',
        srcLang: 'en',
        dstLang: 'es',
        version: 1,
        channel,
        createdBy: ANA,
        updatedAt: Date.now(),
      });
      const { drop, card, jobId } = await droppedJob(stage, channel);
      // The project does not exist yet: the drop names it as the app will ("<title> [dk-<job>-es-1]").
      stage.emulator.dropGlossaryTerm(`talk.mp4 [dk-${jobId}-es-1]`, 'invoice');
      await stage.driver.click({
        message: card,
        actionId: 'job_start',
        user: ANA,
        selections: { job_dst: ['es'], job_src: ['en'], [GLOSSARY_PICKER.action]: [glossary.id] },
      });

      const first = await dubbedReply(stage, channel, drop.ts, 1);
      expect(qaBlock(first)).toMatchObject({
        type: 'section',
        text: { text: '🔎 1 segment misses a glossary term' },
        accessory: { action_id: QA_ACTIONS.reviewFlagged, text: { text: 'Review flagged' } },
      });
      // Part of the reply itself, not a message of its own; the buttons still follow it.
      expect(
        stage.slack.thread(channel, drop.ts).filter((m) => JSON.stringify(m.blocks ?? []).includes('🔎')),
      ).toHaveLength(1);
      expect((first.blocks as Loose[]).at(-1)!.type).toBe('actions');

      // Review flagged: the review modal with only segment 2, and why.
      const before = stage.slack.views.length;
      await stage.driver.click({ message: first, actionId: QA_ACTIONS.reviewFlagged, user: ANA });
      const opened = await waitFor(() => stage.slack.views[before], WAIT_MS, 'a modal');
      await waitFor(() => opened.view.callback_id === REVIEW.callbackId, WAIT_MS, 'the review');
      const review = viewOf(stage, opened.id);
      const inputs = (review.blocks as Loose[]).filter((b) => b.block_id?.startsWith(REVIEW.dstBlock));
      expect(inputs).toHaveLength(1);
      const text = JSON.stringify(review.blocks);
      expect(text).toContain('Send the invoice today');
      expect(text).toContain('⚠️ Glossary: “invoice” should be “factura”');
      expect(text).not.toContain('Open the dashboard');

      // The fix, saved: only that segment's translation changes on the service.
      const segmentId = inputs[0]!.block_id.slice(REVIEW.dstBlock.length);
      const meta = (review.blocks as Loose[]).find((b) => b.block_id === `${REVIEW.metaBlock}${segmentId}`)!;
      await stage.driver.submitView({
        viewId: opened.id,
        user: ANA,
        values: {
          [inputs[0]!.block_id]: {
            [REVIEW.dstAction]: { type: 'plain_text_input', value: 'Envía la factura hoy' },
          },
          [meta.block_id]: {
            [REVIEW.speakerAction]: {
              type: 'static_select',
              selected_option: meta.elements[0].initial_option ?? null,
            },
            [REVIEW.removeAction]: { type: 'checkboxes', selected_options: [] },
          },
        },
      });
      await waitFor(() => viewText(stage, opened.id).includes('Saved'), WAIT_MS, 'the saved view');
      const target = (await stage.app.store.targetsOf(jobId))[0]!;
      const segments = (await service.transcription.get(target.projectId!)).segments;
      expect(segments.find((s) => s.id === segmentId)?.dst?.text).toBe('Envía la factura hoy');

      // Render again: the new reply's QA runs on the fixed translation.
      const renders = stage.slack.views.length;
      await stage.driver.click({ message: first, actionId: THREAD_ACTIONS.render, user: ANA });
      const dialog = await waitFor(() => stage.slack.views[renders], WAIT_MS, 'the render dialog');
      await waitFor(() => dialog.view.callback_id === RENDER_UI.callbackId, WAIT_MS, 'its price');
      await stage.driver.submitView({ viewId: dialog.id, user: ANA, values: {} });
      const second = await dubbedReply(stage, channel, drop.ts, 2);
      expect(JSON.stringify(qaBlock(second))).toContain('🔎 No problems found');
      expect(JSON.stringify(qaBlock(second))).not.toContain(QA_ACTIONS.reviewFlagged);
      // The first reply is left as it was: each render's reply keeps its own QA.
      expect(qaBlock(byKind(stage.slack.thread(channel, drop.ts), 'dubbed')[0]!)?.text?.text).toBe(
        '🔎 1 segment misses a glossary term',
      );
    },
    TEST_MS,
  );

  it(
    'a channel that turned QA off gets the reply without a QA line',
    async () => {
      const channel = 'C41QAOFF';
      await stage.app.store.saveChannelQa({
        channel,
        enabled: false,
        preset: 'netflix',
        updatedBy: ANA,
        updatedAt: Date.now(),
      });
      const { drop, card } = await droppedJob(stage, channel);
      await stage.driver.click({
        message: card,
        actionId: 'job_start',
        user: ANA,
        selections: { job_dst: ['es'], job_src: ['en'] },
      });
      const reply = await dubbedReply(stage, channel, drop.ts, 1);
      expect(qaBlock(reply)).toBeUndefined();
      expect(JSON.stringify(reply.blocks)).not.toContain('🔎');
    },
    TEST_MS,
  );
});

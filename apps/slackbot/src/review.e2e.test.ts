// End to end over real HTTP (real Bolt app with signatures checked, fake Slack, emulator, SQLite store):
// reviewing a dubbed language in the paged modal, saving only the changes, rendering again (its price shown
// and confirmed first, then charged by the emulator) into new files that carry the edits, a render refused for
// want of minutes explained, two reviewers saving the same segment, and changing the number of speakers.
import { DubbingClient, redubMinutes, timecodeToMs } from '@dubkit/core';
import { byKind, type SlackMessage, waitFor } from '@dubkit/slack-sandbox';
import { beforeAll, describe, expect, it } from 'vitest';
import { REVIEW } from './features/review/modal.ts';
import { NEW_LINE, parseTimecode, spokenTime } from './features/review/new-line.ts';
import { RENDER_UI } from './features/review/render-modal.ts';
import { THREAD_ACTIONS } from './features/review/thread-blocks.ts';
import { ANA, BEN, WAIT_MS } from './test-support/people.ts';
import { confirmRender, dubbedJob, openModal, pageValues, viewOf } from './test-support/review.ts';
import { type AppStage, useStage } from './test-support/stage.ts';

const TEST_MS = 60_000;

// biome-ignore lint/suspicious/noExplicitAny: Block Kit JSON as the fake Slack holds it
type Loose = Record<string, any>;

const viewText = (stage: AppStage, id: string) => JSON.stringify(viewOf(stage, id).blocks);

describe('review and render again, end to end', () => {
  const stage = useStage({ speed: 100 });
  let service: DubbingClient;
  beforeAll(() => {
    service = new DubbingClient({ baseUrl: stage.serviceUrl, token: stage.serviceToken });
  });

  it(
    'edits and removes segments across pages, saves only those, and a new render carries the edits',
    async () => {
      const channel = 'C8REVIEW';
      const { card, dubbed, target, projectId } = await dubbedJob(
        stage,
        channel,
        'https://vimeo.com/review-me',
      );
      const before = (await service.transcription.get(projectId)).segments;
      expect(before.length).toBeGreaterThan(2);

      const viewId = await openModal(stage, dubbed, THREAD_ACTIONS.review, ANA, REVIEW.callbackId);
      const first = viewOf(stage, viewId);
      expect(first.title.text).toBe('Review · Spanish');
      expect(JSON.stringify(first.blocks)).toContain(before[0]!.dst!.text);

      // Page 1: a new translation for segment 1, segment 2 removed.
      // Segment 3 goes to another speaker: sent in the same PATCH as the text-only change of segment 1.
      const newSpeaker = before[2]!.speaker === 'SPEAKER_01' ? 'SPEAKER_00' : 'SPEAKER_01';
      let values = pageValues(first, {
        texts: { 1: 'Hola EDITADO uno' },
        remove: [2],
        speakers: { 3: newSpeaker },
      });
      const pages = /Page \d+ of (\d+)/.exec(JSON.stringify(first.blocks))?.[1];
      let lastNumber = 2;
      if (Number(pages) > 1) {
        // Next keeps page 1's edits in the session and shows page 2 in place; Previous shows them again.
        await stage.driver.clickInView({ viewId, actionId: REVIEW.next, user: ANA, values });
        await waitFor(() => viewText(stage, viewId).includes('Page 2 of'), WAIT_MS, 'page 2');
        const second = viewOf(stage, viewId);
        const firstOnPage2 = Number(/\*#(\d+)\*/.exec(JSON.stringify(second.blocks))?.[1]);
        lastNumber = firstOnPage2;
        values = pageValues(second, { texts: { [firstOnPage2]: 'Hola EDITADO dos' } });
        await stage.driver.clickInView({ viewId, actionId: REVIEW.previous, user: ANA, values });
        await waitFor(() => viewText(stage, viewId).includes('Page 1 of'), WAIT_MS, 'page 1 again');
        expect(viewText(stage, viewId).includes('Hola EDITADO uno')).toBe(true);
        expect(viewText(stage, viewId).includes('4 changed so far')).toBe(true);
        values = pageValues(viewOf(stage, viewId));
      }
      const res = await stage.driver.submitView({ viewId, user: ANA, values });
      expect(res.status).toBe(200);
      await waitFor(() => viewText(stage, viewId).includes('Saved'), WAIT_MS, 'the saved view');

      const edited = Number(pages) > 1 ? 3 : 2;
      const after = (await service.transcription.get(projectId)).segments;
      expect(after).toHaveLength(before.length - 1);
      expect(after.find((s) => s.id === before[1]!.id)).toBeUndefined();
      expect(after.find((s) => s.id === before[0]!.id)?.dst?.text).toBe('Hola EDITADO uno');
      expect(after.find((s) => s.id === before[2]!.id)).toMatchObject({
        speaker: newSpeaker,
        dst: { text: before[2]!.dst!.text },
      });
      // Only the edited segments were patched: every other one is as it was.
      const updated = after.filter((s) => s.status === 'updated').map((s) => s.id);
      expect(updated).toHaveLength(edited);
      for (const segment of after.filter((s) => !updated.includes(s.id))) {
        expect(segment.dst?.text).toBe(before.find((b) => b.id === segment.id)?.dst?.text);
      }

      const summary = await waitFor(
        () => byKind(stage.slack.thread(channel, card.ts), 'edited')[0],
        WAIT_MS,
        'the edit summary',
      );
      expect(summary.blocks && JSON.stringify(summary.blocks)).toContain(
        `<@${ANA}> edited ${edited} segments and removed 1 in 🇪🇸 Spanish.`,
      );

      // Render again from the summary: the status message resumes, then a new dubbed reply and new files.
      const status = byKind(stage.slack.thread(channel, card.ts), 'status')[0]!;
      const editsBefore = status.history.length;
      // The render runs slower, so that the status message has time to show it under way.
      stage.emulator.setSpeed(15);
      // First its price: the segments edited since the last render (removed ones cost nothing).
      const { price, viewId: renderView } = await confirmRender(stage, summary, ANA);
      expect(price).toContain(`It will use about 1 minute of`);
      expect(price).toContain(`left: ${edited} segments changed.`);
      expect(viewText(stage, renderView)).toContain('✅ Rendering again.');
      const thread = await waitFor(
        () => {
          const t = stage.slack.thread(channel, card.ts);
          return byKind(t, 'dubbed').length === 2 && t.flatMap((m) => m.files ?? []).length === 4
            ? t
            : undefined;
        },
        WAIT_MS,
        'the second dubbed reply with new files',
      );
      stage.emulator.setSpeed(100);
      expect(byKind(thread, 'render')).toHaveLength(1);
      const resumed = byKind(thread, 'status')[0]!;
      expect(resumed.history.length).toBeGreaterThan(editsBefore + 1);
      expect(resumed.history.map((h) => h.text).join('\n')).toMatch(/Spanish: (?!dubbed)/);
      // The outbox makes new posts before edits, so the status message's last edit may follow the new files.
      await waitFor(() => resumed.text === 'Spanish: dubbed', WAIT_MS, 'the status message to read dubbed');
      const newest = thread.flatMap((m) => m.files ?? []).filter((f) => /\.es\.2\.(srt|vtt)$/.test(f.name));
      expect(newest).toHaveLength(2);
      const srt = new TextDecoder().decode(newest.find((f) => f.name.endsWith('.srt'))!.content);
      expect(srt).toContain('Hola EDITADO uno');
      if (edited === 3) expect(srt).toContain('Hola EDITADO dos');
      expect(srt).not.toContain(before[1]!.dst!.text);
      expect(await stage.app.store.getTarget(target.id)).toMatchObject({
        terminal: true,
        status: 'merging_done',
        attempt: 2,
      });
      expect(lastNumber).toBeGreaterThan(0);
      // The summary's Render again did its work: it is gone, and the summary says who rendered.
      await waitFor(
        () =>
          !JSON.stringify(stage.slack.message(channel, summary.ts)?.blocks).includes(THREAD_ACTIONS.render),
        WAIT_MS,
        'the summary without Render again',
      );
      expect(JSON.stringify(stage.slack.message(channel, summary.ts)?.blocks)).toContain(
        `Rendered by <@${ANA}>`,
      );
    },
    TEST_MS,
  );

  it(
    'a render with edits spends the minutes it said; a render the account cannot pay is explained, not an error',
    async () => {
      const channel = 'C24REDUB';
      const { card, dubbed, projectId } = await dubbedJob(stage, channel, 'https://vimeo.com/redub-cost');
      const before = (await service.transcription.get(projectId)).segments;
      const edit = async (reply: SlackMessage, text: string) => {
        const viewId = await openModal(stage, reply, THREAD_ACTIONS.review, ANA, REVIEW.callbackId);
        await stage.driver.submitView({
          viewId,
          user: ANA,
          values: pageValues(viewOf(stage, viewId), { texts: { 1: text, 2: `${text} 2` } }),
        });
        await waitFor(() => viewText(stage, viewId).includes('Saved'), WAIT_MS, 'the save');
      };
      await edit(dubbed, 'Cuesta');
      // Segments 1 and 2 by their own lengths, priced by the vendor's rule.
      const length = (s: (typeof before)[number]) => timecodeToMs(s.end) - timecodeToMs(s.start);
      const minutes = redubMinutes(length(before[0]!) + length(before[1]!));
      const credits = await service.credits.get();
      const left = credits.minutes.total - credits.minutes.used;
      const { price } = await confirmRender(stage, dubbed, ANA);
      expect(price).toContain(
        `It will use about ${minutes} minute${minutes === 1 ? '' : 's'} of ${left.toLocaleString('en-US')} left: 2 segments changed.`,
      );
      await waitFor(
        () => byKind(stage.slack.thread(channel, card.ts), 'dubbed').length === 2,
        WAIT_MS,
        'the render',
      );
      expect((await service.credits.get()).minutes.used).toBe(credits.minutes.used + minutes);

      // Edited again on render 2's reply, with no minutes left: the dialog warns, the render is refused in
      // words, nothing is rendered.
      const rendered = byKind(stage.slack.thread(channel, card.ts), 'dubbed').find(
        (m) => m.ts !== dubbed.ts,
      )!;
      await edit(rendered, 'Sin saldo');
      const used = (await service.credits.get()).minutes.used;
      stage.emulator.setCredits('default', { minutes: used });
      try {
        const { price: short, viewId } = await confirmRender(stage, rendered, ANA);
        expect(short).toContain('of 0 left: 2 segments changed.');
        expect(short).toContain('more than the account has left');
        expect(viewText(stage, viewId)).toContain('Not enough minutes left to render Spanish again');
        expect(viewText(stage, viewId)).toContain('your edits are kept');
      } finally {
        stage.emulator.setCredits('default', { minutes: 6000 });
      }
      expect((await service.projects.get(projectId)).status).toBe('transcript_edited');
      expect(byKind(stage.slack.thread(channel, card.ts), 'dubbed')).toHaveLength(2);
      expect(byKind(stage.slack.thread(channel, card.ts), 'render')).toHaveLength(1);
    },
    TEST_MS,
  );

  it(
    'adds a missing line from the review: wrong or overlapping times are said under their inputs, the save adds it, the render prices it',
    async () => {
      const channel = 'C25ADDLINE';
      const { card, dubbed, projectId } = await dubbedJob(stage, channel, 'https://vimeo.com/add-a-line');
      const before = (await service.transcription.get(projectId)).segments;
      const viewId = await openModal(stage, dubbed, THREAD_ACTIONS.review, ANA, REVIEW.callbackId);
      await stage.driver.clickInView({
        viewId,
        actionId: NEW_LINE.open,
        user: ANA,
        values: pageValues(viewOf(stage, viewId)),
      });
      await waitFor(
        () => viewOf(stage, viewId).callback_id === NEW_LINE.callbackId,
        WAIT_MS,
        'the line’s dialog',
      );
      const typed = (start: string, end: string) => ({
        [NEW_LINE.startBlock]: { [NEW_LINE.action]: { type: 'plain_text_input', value: start } },
        [NEW_LINE.endBlock]: { [NEW_LINE.action]: { type: 'plain_text_input', value: end } },
        [NEW_LINE.textBlock]: { [NEW_LINE.action]: { type: 'plain_text_input', value: 'Faltaba esta' } },
        [NEW_LINE.speakerBlock]: {
          [NEW_LINE.action]: { type: 'static_select', selected_option: { value: 'SPEAKER_01' } },
        },
      });
      const refused = await stage.driver.submitView({ viewId, user: ANA, values: typed('0:01', '0:00.5') });
      expect(JSON.parse(refused.body)).toEqual({
        response_action: 'errors',
        errors: { [NEW_LINE.endBlock]: 'The line must end after it starts.' },
      });
      // Over the first two lines: refused, the neighbours named as the review numbers them.
      const [first, second] = before as [(typeof before)[0], (typeof before)[0]];
      const said = (tc: string) => spokenTime(parseTimecode(tc)!);
      const overlapping = await stage.driver.submitView({
        viewId,
        user: ANA,
        values: typed(first.start, second.end),
      });
      expect(JSON.parse(overlapping.body)).toEqual({
        response_action: 'errors',
        errors: {
          [NEW_LINE.startBlock]:
            `${said(first.start)}–${said(second.end)} overlaps #1 (${said(first.start)}–${said(first.end)}) and ` +
            `#2 (${said(second.start)}–${said(second.end)}): platforms refuse overlapping subtitles. Pick times ` +
            'outside those lines, or remove them in the review first.',
        },
      });
      // In the gap between them (touching both): taken.
      await stage.driver.submitView({ viewId, user: ANA, values: typed(first.end, second.start) });
      await waitFor(() => viewText(stage, viewId).includes('1 to add'), WAIT_MS, 'the review with the line');
      expect(viewOf(stage, viewId).callback_id).toBe(REVIEW.callbackId);

      await stage.driver.submitView({ viewId, user: ANA, values: pageValues(viewOf(stage, viewId)) });
      await waitFor(() => viewText(stage, viewId).includes('Saved: added 1 segment.'), WAIT_MS, 'the save');
      const after = (await service.transcription.get(projectId)).segments;
      expect(after).toHaveLength(before.length + 1);
      expect(after.find((s) => s.dst?.text === 'Faltaba esta')).toMatchObject({
        start: first.end,
        end: second.start,
        speaker: 'SPEAKER_01',
      });
      const summary = await waitFor(
        () => byKind(stage.slack.thread(channel, card.ts), 'edited')[0],
        WAIT_MS,
        'the summary',
      );
      const price = await openModal(stage, summary, THREAD_ACTIONS.render, ANA, RENDER_UI.callbackId);
      expect(viewText(stage, price)).toContain('left: 1 segment added.');
    },
    TEST_MS,
  );

  it(
    'two reviewers saving the same segment: the second is told, nothing of theirs is saved unless they insist',
    async () => {
      const channel = 'C9CONFLICT';
      const { dubbed, projectId } = await dubbedJob(stage, channel, 'https://vimeo.com/two-reviewers');
      const before = (await service.transcription.get(projectId)).segments;
      const anaView = await openModal(stage, dubbed, THREAD_ACTIONS.review, ANA, REVIEW.callbackId);
      const benView = await openModal(stage, dubbed, THREAD_ACTIONS.review, BEN, REVIEW.callbackId);

      await stage.driver.submitView({
        viewId: benView,
        user: BEN,
        values: pageValues(viewOf(stage, benView), { texts: { 1: 'Versión de Ben' } }),
      });
      await waitFor(() => viewText(stage, benView).includes('Saved'), WAIT_MS, "Ben's save");

      await stage.driver.submitView({
        viewId: anaView,
        user: ANA,
        values: pageValues(viewOf(stage, anaView), { texts: { 1: 'Versión de Ana', 2: 'Ana dos' } }),
      });
      await waitFor(
        () => viewOf(stage, anaView).callback_id === REVIEW.forceCallbackId,
        WAIT_MS,
        'the conflict',
      );
      const conflict = viewText(stage, anaView);
      expect(conflict).toContain('Nothing was saved.');
      expect(conflict).toContain('1 segment was');
      expect(conflict).toContain('Now: “Versión de Ben”');
      expect(conflict).toContain('Yours: “Versión de Ana”');
      let segments = (await service.transcription.get(projectId)).segments;
      expect(segments[0]!.dst?.text).toBe('Versión de Ben');
      expect(segments[1]!.dst?.text).toBe(before[1]!.dst?.text);

      // "Save mine anyway": Ana's edits, both of them, overwrite.
      await stage.driver.submitView({ viewId: anaView, user: ANA, values: {} });
      await waitFor(() => viewText(stage, anaView).includes('Saved'), WAIT_MS, "Ana's save");
      segments = (await service.transcription.get(projectId)).segments;
      expect(segments[0]!.dst?.text).toBe('Versión de Ana');
      expect(segments[1]!.dst?.text).toBe('Ana dos');
    },
    TEST_MS,
  );

  it(
    'keeps a review’s edits across a restart of the app between two pages',
    async () => {
      const channel = 'C22RESTART';
      const { dubbed, projectId } = await dubbedJob(stage, channel, 'https://vimeo.com/restart-review');
      const before = (await service.transcription.get(projectId)).segments;
      const viewId = await openModal(stage, dubbed, THREAD_ACTIONS.review, ANA, REVIEW.callbackId);
      const first = viewOf(stage, viewId);
      expect(JSON.stringify(first.blocks)).toMatch(/Page 1 of [2-9]/);
      await stage.driver.clickInView({
        viewId,
        actionId: REVIEW.next,
        user: ANA,
        values: pageValues(first, { texts: { 1: 'Antes del reinicio' } }),
      });
      await waitFor(() => viewText(stage, viewId).includes('Page 2 of'), WAIT_MS, 'page 2');
      await stage.restartApp();
      const second = viewOf(stage, viewId);
      const number = Number(/\*#(\d+)\*/.exec(JSON.stringify(second.blocks))?.[1]);
      await stage.driver.submitView({
        viewId,
        user: ANA,
        values: pageValues(second, { texts: { [number]: 'Después del reinicio' } }),
      });
      await waitFor(() => viewText(stage, viewId).includes('Saved: edited 2 segments'), WAIT_MS, 'the save');
      const after = (await service.transcription.get(projectId)).segments;
      expect(after.find((s) => s.id === before[0]!.id)?.dst?.text).toBe('Antes del reinicio');
      expect(after.find((s) => s.id === before[number - 1]!.id)?.dst?.text).toBe('Después del reinicio');
    },
    TEST_MS,
  );

  it(
    'follows a render asked for just before the app stopped, after the restart',
    async () => {
      const channel = 'C23RENDERCRASH';
      const { card, target, projectId } = await dubbedJob(stage, channel, 'https://vimeo.com/render-crash');
      // What a process that died right after asking for the render leaves: the intent, and the render running.
      await stage.app.store.recordRenderIntent(target.id, ANA, Date.now());
      await service.projects.generate(projectId);
      await stage.restartApp();
      const thread = await waitFor(
        () => {
          const t = stage.slack.thread(channel, card.ts);
          return byKind(t, 'dubbed').length === 2 ? t : undefined;
        },
        WAIT_MS,
        'the render followed after the restart',
      );
      expect(byKind(thread, 'render')).toHaveLength(1);
      expect(await stage.app.store.renderIntents()).toEqual([]);
      expect(await stage.app.store.getTarget(target.id)).toMatchObject({ attempt: 2, terminal: true });
    },
    TEST_MS,
  );

  it(
    'Speakers & voices changes the count and a voice (the whole map sent) before rendering again',
    async () => {
      const channel = 'C10SPEAKERS';
      const { card, dubbed, projectId } = await dubbedJob(stage, channel, 'https://vimeo.com/speakers');
      const map = (await service.projects.get(projectId)).voice!;
      const voices = await service.projects.voices(projectId);
      const viewId = await openModal(
        stage,
        dubbed,
        THREAD_ACTIONS.speakers,
        ANA,
        THREAD_ACTIONS.speakersCallbackId,
      );
      // Each speaker with its voice now, every voice offered, the samples as links.
      const dialog = viewOf(stage, viewId);
      const inputs = (dialog.blocks as Loose[]).filter((b) =>
        b.block_id?.startsWith(THREAD_ACTIONS.voiceBlock),
      );
      expect(inputs.map((b) => b.block_id.slice(THREAD_ACTIONS.voiceBlock.length))).toEqual(
        Object.keys(map).sort(),
      );
      expect(inputs[0]!.element.initial_option.value).toBe(map[Object.keys(map).sort()[0]!]);
      expect(inputs[0]!.element.options).toHaveLength(voices.length);
      const sampled = voices.find((v) => v.sample_src)!;
      expect(viewText(stage, viewId)).toContain(`<${sampled.sample_src}|▶ ${sampled.label}`);

      const speaker = Object.keys(map).sort()[0]!;
      const other = voices.find((v) => v.id !== map[speaker])!;
      await stage.driver.submitView({
        viewId,
        user: ANA,
        values: {
          [THREAD_ACTIONS.speakersBlock]: {
            [THREAD_ACTIONS.speakersAction]: { type: 'static_select', selected_option: { value: '3' } },
          },
          [`${THREAD_ACTIONS.voiceBlock}${speaker}`]: {
            [THREAD_ACTIONS.voiceAction]: { type: 'static_select', selected_option: { value: other.id } },
          },
        },
      });
      await waitFor(() => viewText(stage, viewId).includes('Saved: 3 speakers'), WAIT_MS, 'the saved view');
      // The saved screen is titled for the dialog it answers, not for a review.
      expect((viewOf(stage, viewId).title as { text: string }).text).toMatch(/^Speakers · /);
      const project = await service.projects.get(projectId);
      expect(project.num_speakers).toBe(3);
      expect(project.voice).toEqual({ ...map, [speaker]: other.id });
      const reply = await waitFor(
        () => byKind(stage.slack.thread(channel, card.ts), 'speakers')[0],
        WAIT_MS,
        'the speakers reply',
      );
      expect(reply.text).toBe('Spanish set to 3 speakers, 1 voice changed');
      // The render's price counts that speaker's lines.
      const lines = (await service.transcription.get(projectId)).segments.filter(
        (s) => s.speaker === speaker,
      );
      const price = await openModal(stage, reply, THREAD_ACTIONS.render, ANA, RENDER_UI.callbackId);
      expect(viewText(stage, price)).toContain(
        `left: ${lines.length} segment${lines.length === 1 ? '' : 's'} changed.`,
      );
    },
    TEST_MS,
  );
});

// End to end over real HTTP (real Bolt app, fake Slack, emulator, SQLite store): saves that keep work. The line
// dialog shows the video's length and refuses a line ending past it before anything is sent; when the length
// cannot be read, the service refuses such a line at the save, and the save keeps the rest: the edits and the
// removal are saved and said in the thread, and the refused line comes back to the reviewer as typed.
import { DubbingClient, msToTimecode } from '@dubkit/core';
import { byKind, waitFor } from '@dubkit/slack-sandbox';
import { beforeAll, describe, expect, it } from 'vitest';
import { REVIEW } from './features/review/modal.ts';
import { clockTime, NEW_LINE } from './features/review/new-line.ts';
import { THREAD_ACTIONS } from './features/review/thread-blocks.ts';
import { ANA, WAIT_MS } from './test-support/people.ts';
import { dubbedJob, openModal, pageValues, viewOf } from './test-support/review.ts';
import { useStage } from './test-support/stage.ts';

const TEST_MS = 90_000;

describe('saves that keep work, end to end', () => {
  const stage = useStage({ speed: 100 });
  let service: DubbingClient;
  beforeAll(() => {
    service = new DubbingClient({ baseUrl: stage.serviceUrl, token: stage.serviceToken });
  });

  it(
    'a partly refused save posts what was saved and gives back the refused line as typed',
    async () => {
      const channel = 'C46SAVES';
      const { card, dubbed, target, projectId } = await dubbedJob(stage, channel, 'https://vimeo.com/saves');
      const job = (await stage.app.store.getJob(target.jobId))!;
      const media = await service.media.get(job.mediaId!);
      const videoMs = Math.round(Number(media.meta?.duration_seconds) * 1000);
      const before = (await service.transcription.get(projectId)).segments;
      expect(before.length).toBeGreaterThanOrEqual(3);
      const viewText = () => JSON.stringify(viewOf(stage, viewId).blocks);

      const viewId = await openModal(stage, dubbed, THREAD_ACTIONS.review, ANA, REVIEW.callbackId);
      const edits = pageValues(viewOf(stage, viewId), {
        texts: { 1: 'Uno, corregido', 2: 'Dos, corregido' },
      });
      await stage.driver.clickInView({ viewId, actionId: NEW_LINE.open, user: ANA, values: edits });
      await waitFor(() => viewOf(stage, viewId).callback_id === NEW_LINE.callbackId, WAIT_MS, 'the dialog');
      expect(viewText()).toContain(`The video is ${clockTime(videoMs)} long: a line ends by then.`);
      const late = msToTimecode(videoMs + 67_000);
      // After the last line (a line over another is refused before the service sees it).
      const lineStart = before.at(-1)!.end;
      const typed = {
        [NEW_LINE.startBlock]: { [NEW_LINE.action]: { type: 'plain_text_input', value: lineStart } },
        [NEW_LINE.endBlock]: { [NEW_LINE.action]: { type: 'plain_text_input', value: late } },
        [NEW_LINE.textBlock]: {
          [NEW_LINE.action]: { type: 'plain_text_input', value: 'La línea que faltaba' },
        },
      };
      const refused = await stage.driver.submitView({ viewId, user: ANA, values: typed });
      expect(JSON.parse(refused.body)).toEqual({
        response_action: 'errors',
        errors: {
          [NEW_LINE.endBlock]: `The video is ${clockTime(videoMs)} long: the line must end by then.`,
        },
      });

      // The video's length cannot be read now: the dialog takes the line, and the service refuses it at the save.
      stage.emulator.faults.set({ errorNext: 10_000, paths: ['/api/library/v1/media'] });
      await stage.driver.submitView({ viewId, user: ANA, values: typed });
      await waitFor(() => viewText().includes('1 to add'), WAIT_MS, 'the review with the line');
      stage.emulator.faults.set({});
      await stage.driver.submitView({
        viewId,
        user: ANA,
        values: pageValues(viewOf(stage, viewId), { remove: [3] }),
      });
      await waitFor(() => viewText().includes('Not everything was saved'), WAIT_MS, 'the partial save');
      const kept = viewOf(stage, viewId);
      expect(kept.callback_id).toBe(REVIEW.callbackId);
      const keptText = viewText();
      expect(keptText).toContain('Saved: edited 2 segments and removed 1 (posted in the thread).');
      expect(keptText).toContain('Not saved: the added line: the service refused it');
      expect(keptText).toContain(`${lineStart} → ${late}`);
      expect(keptText).toContain('La línea que faltaba');

      // What was saved is on the service and said in the thread; the refused line was not added.
      const after = (await service.transcription.get(projectId)).segments;
      expect(after).toHaveLength(before.length - 1);
      expect(after.find((s) => s.id === before[0]!.id)?.dst?.text).toBe('Uno, corregido');
      expect(after.find((s) => s.id === before[1]!.id)?.dst?.text).toBe('Dos, corregido');
      expect(after.some((s) => s.id === before[2]!.id)).toBe(false);
      const edited = await waitFor(
        () => byKind(stage.slack.thread(channel, card.ts), 'edited')[0],
        WAIT_MS,
        'the edited line',
      );
      expect(edited.text).toBe('edited 2 segments and removed 1 in Spanish');
      expect((await stage.app.store.redubChanges(target.id)).map((c) => c.ref).sort()).toEqual(
        [before[0]!.id, before[1]!.id].sort(),
      );

      // The kept review goes on: the line added again with its end fixed is saved.
      await stage.driver.clickInView({
        viewId,
        actionId: NEW_LINE.open,
        user: ANA,
        values: pageValues(kept),
      });
      await waitFor(
        () => viewOf(stage, viewId).callback_id === NEW_LINE.callbackId,
        WAIT_MS,
        'the dialog again',
      );
      await stage.driver.submitView({
        viewId,
        user: ANA,
        values: {
          ...typed,
          [NEW_LINE.endBlock]: {
            [NEW_LINE.action]: { type: 'plain_text_input', value: msToTimecode(videoMs) },
          },
        },
      });
      await waitFor(() => viewText().includes('1 to add'), WAIT_MS, 'the kept review with the line');
      await stage.driver.submitView({ viewId, user: ANA, values: pageValues(viewOf(stage, viewId)) });
      await waitFor(() => viewText().includes('Saved: added 1 segment.'), WAIT_MS, 'the line saved');
      expect((await service.transcription.get(projectId)).segments.map((s) => s.dst?.text)).toContain(
        'La línea que faltaba',
      );
    },
    TEST_MS,
  );
});

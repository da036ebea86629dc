// ReviewService against the emulator over HTTP, with a real store and real dubbed projects: which languages
// can be reviewed, the review modal of a project's segments, pages that keep their edits, a save that sends
// only the changes (the emulator then has exactly them), a conflict when someone changed a segment meanwhile,
// and render again: its intent recorded before the service is asked and cleared after, the language resumed.
import { ConflictError, type DubbingClient, type Project, redubMinutes, timecodeToMs } from '@dubkit/core';
import type { Emulator } from '@dubkit/emulator';
import { waitFor } from '@dubkit/slack-sandbox';
import type { types } from '@slack/bolt';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DubbingService } from '../../dubbing/service.ts';
import type { Store, Target } from '../../store/store.ts';
import { drawerFor } from '../../test-support/drawer.ts';
import { boundTarget, startedJob } from '../../test-support/jobs.ts';
import { useServices } from '../../test-support/services.ts';
import type { MessageContent } from '../../ui/blocks.ts';
import { REVIEW } from './modal.ts';
import { NEW_LINE } from './new-line.ts';
import { RENDER_REQUESTED, Renders } from './renders.ts';
import { ReviewService } from './service.ts';
import { Voices } from './voices.ts';

const SPEED = 200;

const services = useServices({ speed: SPEED });
let emulator: Emulator;
let client: DubbingClient;
let service: DubbingService;
let store: Store;
let review: ReviewService;
let renders: Renders;
let voices: Voices;
let wakes: { deliverer: number; tracker: number };

beforeEach(async () => {
  ({ emulator, client, service, store } = services);
  wakes = { deliverer: 0, tracker: 0 };
  const options = { store, dubbing: service, wakeDeliverer: () => wakes.deliverer++, now: () => 9_000 };
  review = new ReviewService(options);
  renders = new Renders({
    ...options,
    drawer: drawerFor(store, service),
    wakeTracker: () => wakes.tracker++,
  });
  voices = new Voices(options);
});

/** A project dubbed into Spanish on the emulator, and a started job's language that saw it finish. */
async function dubbedTarget(link: string): Promise<{ target: Target; project: Project }> {
  const { mediaId } = await service.uploadLink(link, 'talk');
  const created = await service.createProject({
    videoId: mediaId,
    dstLang: 'es',
    name: 'talk',
    srcLang: 'en',
    numSpeakers: null,
  });
  const project = await client.projects.waitFor(created.id, {
    intervalMs: 25,
    maxIntervalMs: 200,
    timeoutMs: 30_000,
  });
  const { target } = await boundTarget(store, project.id);
  await finish(target, project.status!);
  return { target: (await store.getTarget(target.id))!, project };
}

/** A dubbed language with a translation saved since its render, recorded as a review's save records it. */
async function editedTarget(link: string): Promise<{ target: Target; project: Project }> {
  const dubbed = await dubbedTarget(link);
  const [first] = await segmentsOf(dubbed.project.id);
  await store.recordRedubChanges(dubbed.target.id, [{ kind: 'edited', ref: first!.id }], 1);
  return dubbed;
}

/** Records a language's last poll as the tracker would. */
async function finish(target: Target, status: string) {
  const { terminal } = service.describeStatus(status);
  await store.recordPoll(
    target.id,
    { status, changed: true, terminal, nextPollAt: Number.MAX_SAFE_INTEGER, intervalMs: 0 },
    4,
    [],
  );
}

// biome-ignore lint/suspicious/noExplicitAny: Block Kit JSON as the modal holds it
type Loose = Record<string, any>;
type PageValues = Parameters<ReviewService['turnPage']>[1];

/** The state a reviewer leaves on the page shown: every input as shown, but for the changes named by segment id. */
function pageValues(
  view: types.ModalView,
  change: { texts?: Record<string, string>; speakers?: Record<string, string>; remove?: string[] } = {},
): PageValues {
  const values: PageValues = {};
  for (const block of view.blocks as Loose[]) {
    const blockId: string = block.block_id ?? '';
    if (blockId.startsWith(REVIEW.dstBlock)) {
      const id = blockId.slice(REVIEW.dstBlock.length);
      const value = change.texts?.[id] ?? block.element.initial_value ?? '';
      values[blockId] = { [REVIEW.dstAction]: { value } };
    } else if (blockId.startsWith(REVIEW.metaBlock)) {
      const id = blockId.slice(REVIEW.metaBlock.length);
      const speaker = change.speakers?.[id];
      const removed = change.remove?.includes(id) || Boolean(block.elements[1].initial_options?.length);
      values[blockId] = {
        [REVIEW.speakerAction]: {
          selected_option: speaker ? { value: speaker } : (block.elements[0].initial_option ?? null),
        },
        [REVIEW.removeAction]: { selected_options: removed ? [{ value: REVIEW.removeValue }] : [] },
      };
    }
  }
  return values;
}

const viewText = (view: types.ModalView) => JSON.stringify(view.blocks);
const openedModal = async (targetId: string) => {
  const opened = await review.open(targetId, 'U1');
  if (!opened.ok) throw new Error(opened.problem);
  return opened.value;
};
const segmentsOf = async (projectId: string) => (await client.transcription.get(projectId)).segments;

describe('ReviewService.dubbed', () => {
  it('finds a dubbed language and says in words why any other cannot be reviewed', async () => {
    expect(await review.dubbed('no-such-target')).toEqual({
      ok: false,
      problem: 'That dub no longer exists.',
    });
    const { targets } = await startedJob(store, { job: { triggerKey: 'msg:C1:5.0' } });
    expect(await review.dubbed(targets[0]!.id)).toEqual({ ok: false, problem: 'That dub no longer exists.' });

    const { target: running } = await boundTarget(store, 'p-running', { job: { triggerKey: 'msg:C1:6.0' } });
    expect(await review.dubbed(running.id)).toEqual({
      ok: false,
      problem: 'Spanish is being worked on right now; try again once it is ready.',
    });
    await finish(running, 'translation_failed');
    expect(await review.dubbed(running.id)).toEqual({
      ok: false,
      problem: 'The Spanish dub failed; use Retry on it first.',
    });

    const { target: done } = await boundTarget(store, 'p-done', { job: { triggerKey: 'msg:C1:7.0' } });
    await finish(done, 'merging_done');
    const found = await review.dubbed(done.id);
    expect(found.ok && found.value.target).toMatchObject({ id: done.id, projectId: 'p-done' });
    expect(found.ok && found.value.job.triggerKey).toBe('msg:C1:7.0');
  });
});

describe('ReviewService.open and turnPage', () => {
  it('opens a modal of the project’s segments as the service has them, and pages keep their edits', async () => {
    const { target, project } = await dubbedTarget('https://vimeo.com/review-pages-long-talk');
    const segments = await segmentsOf(project.id);
    expect(segments.length).toBeGreaterThan(20);

    const modal = await openedModal(target.id);
    expect(modal.callback_id).toBe(REVIEW.callbackId);
    expect(modal.title.text).toBe('Review · Spanish');
    const sessionId = modal.private_metadata!;
    const session = (await store.getReviewSession(sessionId))!;
    expect(session).toMatchObject({ targetId: target.id, projectId: project.id, userId: 'U1', page: 0 });
    expect(session.baseline).toEqual(
      segments.map((s, i) => ({
        id: s.id,
        number: i + 1,
        start: s.start,
        end: s.end,
        speaker: s.speaker ?? null,
        src: s.src?.text ?? '',
        dst: s.dst?.text ?? '',
      })),
    );
    const pages = Math.ceil(segments.length / 20);
    expect(viewText(modal)).toContain(`Page 1 of ${pages} · segments 1–20 of ${segments.length}`);
    expect(viewText(modal)).toContain(JSON.stringify(segments[0]!.dst!.text));
    expect(viewText(modal)).not.toContain(`${REVIEW.dstBlock}${segments[20]!.id}`);

    const first = segments[0]!.id;
    const onSecond = segments[20]!.id;
    const second = (await review.turnPage(
      sessionId,
      pageValues(modal, { texts: { [first]: 'Uno editado' } }),
      1,
    ))!;
    expect(viewText(second)).toContain(`Page 2 of ${pages}`);
    expect(viewText(second)).toContain('1 changed so far');
    expect(viewText(second)).toContain(`${REVIEW.dstBlock}${onSecond}`);
    expect(await store.getReviewSession(sessionId)).toMatchObject({
      page: 1,
      edits: { [first]: { dst: 'Uno editado' } },
    });

    const back = (await review.turnPage(sessionId, pageValues(second, { remove: [onSecond] }), -1))!;
    expect(viewText(back)).toContain(`Page 1 of ${pages}`);
    expect(viewText(back)).toContain('2 changed so far');
    // The page shows the edit kept in the session, not the text the service has.
    const input = (back.blocks as Loose[]).find((b) => b.block_id === `${REVIEW.dstBlock}${first}`);
    expect(input?.element.initial_value).toBe('Uno editado');
    expect((await store.getReviewSession(sessionId))?.edits).toEqual({
      [first]: { dst: 'Uno editado' },
      [onSecond]: { removed: true },
    });

    // Undoing an edit leaves nothing to save for it; there is no page before the first.
    const undone = (await review.turnPage(
      sessionId,
      pageValues(back, { texts: { [first]: segments[0]!.dst!.text } }),
      -1,
    ))!;
    expect(viewText(undone)).toContain('Page 1 of');
    expect(viewText(undone)).toContain('1 changed so far');
    expect((await store.getReviewSession(sessionId))?.edits).toEqual({ [onSecond]: { removed: true } });
    expect(await review.turnPage('no-such-session', {}, 1)).toBeUndefined();
    // Nothing reached the service.
    expect(await segmentsOf(project.id)).toEqual(segments);
  });

  it('numbers a review of the flagged segments as the full review does', async () => {
    const { target, project } = await dubbedTarget('https://vimeo.com/review-flagged-numbers');
    const segments = await segmentsOf(project.id);
    const only = new Map([
      [segments[7]!.id, ['reads too fast']],
      [segments[11]!.id, ['a glossary term is missing']],
    ]);
    const opened = await review.open(target.id, 'U1', only);
    const modal = (opened.ok ? opened.value : undefined)!;
    const shown = viewText(modal);
    expect(shown).toContain('*#8*');
    expect(shown).toContain('*#12*');
    expect(shown).not.toMatch(/\*#[12]\*/);
    expect(shown).toContain('reads too fast');
  });

  it('opens nothing for a language that is not dubbed', async () => {
    const { target } = await boundTarget(store, 'p-running');
    expect(await review.open(target.id, 'U1')).toEqual({
      ok: false,
      problem: 'Spanish is being worked on right now; try again once it is ready.',
    });
  });
});

describe('ReviewService.save', () => {
  it('sends only the changes, and the service then has exactly them', async () => {
    const { target, project } = await dubbedTarget('https://vimeo.com/review-save');
    const before = await segmentsOf(project.id);
    expect(before.length).toBeGreaterThan(3);
    const [one, two, three] = before;
    const otherSpeaker = three!.speaker === 'SPEAKER_01' ? 'SPEAKER_00' : 'SPEAKER_01';
    const modal = await openedModal(target.id);
    const values = pageValues(modal, {
      texts: { [one!.id]: 'Hola EDITADO uno' },
      remove: [two!.id],
      speakers: { [three!.id]: otherSpeaker },
    });

    // Counted on the way to the service: the speaker change and the text change go in one PATCH.
    const patches: string[][] = [];
    const counting = new ReviewService({
      store,
      dubbing: {
        ...service,
        patchSegments: (projectId, lang, changes) => {
          patches.push(changes.map((c) => c.id));
          return service.patchSegments(projectId, lang, changes);
        },
      },
      wakeDeliverer: () => wakes.deliverer++,
      now: () => 9_000,
    });
    const saved = await counting.save(modal.private_metadata!, values, false);
    expect(viewText(saved)).toContain('Saved: edited 2 segments and removed 1.');
    expect(patches).toEqual([[one!.id, three!.id]]);

    const after = await segmentsOf(project.id);
    expect(after).toHaveLength(before.length - 1);
    expect(after.find((s) => s.id === two!.id)).toBeUndefined();
    expect(after.find((s) => s.id === one!.id)).toMatchObject({
      dst: { text: 'Hola EDITADO uno', lang: 'es' },
    });
    expect(after.find((s) => s.id === three!.id)).toMatchObject({
      speaker: otherSpeaker,
      dst: { text: three!.dst!.text },
    });
    const updated = after.filter((s) => s.status === 'updated').map((s) => s.id);
    expect(updated.sort()).toEqual([one!.id, three!.id].sort());
    for (const segment of after.filter((s) => !updated.includes(s.id))) {
      expect(segment).toEqual(before.find((b) => b.id === segment.id));
    }
    expect((await client.projects.get(project.id)).status).toBe('transcript_edited');

    const delivery = (await store.getDelivery(`edited:${modal.private_metadata}`))!;
    expect(delivery).toMatchObject({ jobId: target.jobId, kind: 'reply', inThread: true });
    expect((delivery.payload as MessageContent).text).toBe('edited 2 segments and removed 1 in Spanish');
    expect(wakes.deliverer).toBe(1);

    // The same modal submitted again sends nothing.
    expect(viewText(await review.save(modal.private_metadata!, values, false))).toContain(
      'This review was already saved.',
    );
    expect(await segmentsOf(project.id)).toEqual(after);
  });

  it('saves nothing when nothing changed', async () => {
    const { target, project } = await dubbedTarget('https://vimeo.com/review-nothing');
    const modal = await openedModal(target.id);
    const saved = await review.save(modal.private_metadata!, pageValues(modal), false);
    expect(viewText(saved)).toContain('Nothing changed, so nothing was saved.');
    expect((await store.getReviewSession(modal.private_metadata!))?.closed).toBe(true);
    expect((await client.projects.get(project.id)).status).toBe('merging_done');
    expect(await store.deliveriesOf(target.jobId)).toEqual([]);
  });

  it('stops at a segment someone changed on the service meanwhile, and overwrites it only when told', async () => {
    const { target, project } = await dubbedTarget('https://vimeo.com/review-conflict');
    const [one, two] = await segmentsOf(project.id);
    const modal = await openedModal(target.id);
    const sessionId = modal.private_metadata!;
    // Someone else edits segment 1 on the service after the modal opened (a text sent must name its language).
    await client.transcription.updateSegments(project.id, [
      { id: one!.id, dst: { text: 'Cambiado por Ben', lang: 'es' } },
    ]);

    const values = pageValues(modal, { texts: { [one!.id]: 'Mío', [two!.id]: 'También mío' } });
    const conflict = await review.save(sessionId, values, false);
    expect(conflict.callback_id).toBe(REVIEW.forceCallbackId);
    expect(viewText(conflict)).toContain('*Nothing was saved.* 1 segment was changed by someone else');
    expect(viewText(conflict)).toContain('*#1*\\nNow: “Cambiado por Ben”\\nYours: “Mío”');
    const meanwhile = await segmentsOf(project.id);
    expect(meanwhile.find((s) => s.id === one!.id)?.dst?.text).toBe('Cambiado por Ben');
    expect(meanwhile.find((s) => s.id === two!.id)?.dst?.text).toBe(two!.dst!.text);
    expect((await store.getReviewSession(sessionId))?.closed).toBe(false);
    expect(await store.getDelivery(`edited:${sessionId}`)).toBeUndefined();

    // "Save mine anyway": the edits kept in the session are sent.
    const forced = await review.save(sessionId, null, true);
    expect(viewText(forced)).toContain('Saved: edited 2 segments.');
    const after = await segmentsOf(project.id);
    expect(after.find((s) => s.id === one!.id)?.dst?.text).toBe('Mío');
    expect(after.find((s) => s.id === two!.id)?.dst?.text).toBe('También mío');
  });
});

describe('Renders.render', () => {
  it('records its intent before asking the service, clears it after, and resumes the language', async () => {
    const { target, project } = await editedTarget('https://vimeo.com/review-render');
    // The answer to generate is held back, so that what is recorded before it can be seen.
    emulator.faults.set({ latencyMs: 2_000, paths: [`/v2/projects/${project.id}/generate`] });
    // The render runs slowly, so that it is still under way when read back.
    emulator.setSpeed(1);
    const rendering = renders.render(target.id, 'U2');
    const intents = await waitFor(
      async () => {
        const found = await store.renderIntents();
        return found.length > 0 ? found : undefined;
      },
      10_000,
      'the render intent',
    );
    expect(intents).toEqual([{ targetId: target.id, userId: 'U2', at: 9_000 }]);
    expect(await rendering).toEqual({ ok: true, value: undefined });
    expect(await store.renderIntents()).toEqual([]);

    const rendered = await client.projects.get(project.id);
    expect(service.describeStatus(rendered.status).terminal).toBe(false);
    expect(await store.getTarget(target.id)).toMatchObject({
      attempt: 2,
      status: RENDER_REQUESTED,
      terminal: false,
      startedAt: 9_000,
      nextPollAt: 9_000,
    });
    const status = (await store.getDelivery(`status:${target.id}`))!;
    // The status message resumes with the stage the service answered (a running one, not "dubbed").
    expect((status.payload as MessageContent).text).toMatch(/^Spanish: .+ \(\d+%\)$/);
    const announced = (await store.getDelivery(`render:${target.id}.2`))!;
    expect(announced).toMatchObject({ kind: 'reply', inThread: true });
    expect((announced.payload as MessageContent).text).toBe('Rendering Spanish again');
    expect(wakes).toEqual({ deliverer: 1, tracker: 1 });

    // A second press while it renders is refused in words, and nothing more is asked of the service.
    expect(await renders.render(target.id, 'U2')).toEqual({
      ok: false,
      problem: 'Spanish is being worked on right now; try again once it is ready.',
    });
    expect(await store.renderIntents()).toEqual([]);
  });

  it('follows a render already under way on the service instead of failing', async () => {
    const { target, project } = await editedTarget('https://vimeo.com/review-busy');
    emulator.setSpeed(1);
    await client.projects.generate(project.id);
    // The service refuses another render while this one runs: the app reads the project instead.
    await expect(client.projects.generate(project.id)).rejects.toBeInstanceOf(ConflictError);
    expect(await renders.render(target.id, 'U2')).toEqual({ ok: true, value: undefined });
    expect(await store.renderIntents()).toEqual([]);
    expect(await store.getTarget(target.id)).toMatchObject({ attempt: 2, terminal: false });
    expect(await store.getDelivery(`render:${target.id}.2`)).toBeDefined();
  });

  it('renders nothing when nothing the dub says changed, a fixed source alone included', async () => {
    const { target, project } = await dubbedTarget('https://vimeo.com/review-render-nothing');
    const nothing = await renders.render(target.id, 'U2');
    expect(nothing).toEqual({ ok: false, problem: expect.stringMatching(/^Nothing to render: /) });
    const [first] = await segmentsOf(project.id);
    await store.recordRedubChanges(target.id, [{ kind: 'source', ref: first!.id, was: 'Old' }], 1);
    const sourceOnly = await renders.render(target.id, 'U2');
    expect(sourceOnly).toEqual({
      ok: false,
      problem: expect.stringContaining('a fixed source alone changes nothing heard'),
    });
    expect(await store.renderIntents()).toEqual([]);
    expect(await store.getTarget(target.id)).toMatchObject({ attempt: 1, terminal: true });
    expect(await store.deliveriesOf(target.jobId)).toEqual([]);
    expect((await client.projects.get(project.id)).status).toBe('merging_done');
  });

  it('clears its intent and leaves the language as it was when the service fails', async () => {
    const { target, project } = await editedTarget('https://vimeo.com/review-render-fails');
    emulator.faults.set({ errorNext: 1, paths: [`/v2/projects/${project.id}/generate`] });
    await expect(renders.render(target.id, 'U2')).rejects.toThrow();
    expect(await store.renderIntents()).toEqual([]);
    expect(await store.getTarget(target.id)).toMatchObject({
      attempt: 1,
      status: 'merging_done',
      terminal: true,
    });
    expect(await store.deliveriesOf(target.jobId)).toEqual([]);
    expect((await client.projects.get(project.id)).status).toBe('merging_done');
  });
});

describe('a missing line added in the review', () => {
  it('keeps the page’s edits, adds the line with the save, and the next render is priced for both', async () => {
    const { target, project } = await dubbedTarget('https://vimeo.com/review-add-line');
    const before = await segmentsOf(project.id);
    const modal = await openedModal(target.id);
    const sessionId = modal.private_metadata!;
    const dialog = (await review.startNewLine(
      sessionId,
      pageValues(modal, { texts: { [before[0]!.id]: 'Uno' } }),
    ))!;
    expect(dialog.callback_id).toBe(NEW_LINE.callbackId);
    expect((await store.getReviewSession(sessionId))?.edits).toEqual({ [before[0]!.id]: { dst: 'Uno' } });

    const line = {
      start: '00:00:00,100',
      end: '00:00:01,900',
      dst: 'Línea que faltaba',
      speaker: 'SPEAKER_01',
    };
    const back = (await review.addLine(sessionId, line))!;
    expect(back.callback_id).toBe(REVIEW.callbackId);
    expect(viewText(back)).toContain('1 changed so far · 1 to add');
    expect(viewText(back)).toContain('Línea que faltaba');
    // Nothing reached the service before the save.
    expect(await segmentsOf(project.id)).toEqual(before);

    const saved = await review.save(sessionId, pageValues(back), false);
    expect(viewText(saved)).toContain('Saved: edited 1 segment and added 1.');
    const after = await segmentsOf(project.id);
    const added = after.find((s) => s.dst?.text === 'Línea que faltaba');
    expect(added).toMatchObject({
      start: line.start,
      end: line.end,
      speaker: 'SPEAKER_01',
      dst: { lang: 'es' },
    });
    expect(after).toHaveLength(before.length + 1);
    expect((await store.redubChanges(target.id)).map((c) => [c.kind, c.ref]).sort()).toEqual(
      [
        ['added', added!.id],
        ['edited', before[0]!.id],
      ].sort(),
    );
    const estimate = await renders.estimate(target.id);
    expect(estimate.ok && estimate.value.cost).toMatchObject({ changed: 1, added: 1 });
  });
});

describe('the price of a render', () => {
  it('records what a save changed, prices the next render by it, and starts from nothing after it', async () => {
    const { target, project } = await dubbedTarget('https://vimeo.com/review-price');
    const before = await segmentsOf(project.id);
    const [one, , three] = before;
    const otherSpeaker = three!.speaker === 'SPEAKER_01' ? 'SPEAKER_00' : 'SPEAKER_01';
    const fresh = await renders.estimate(target.id);
    expect(fresh.ok && fresh.value.cost).toEqual({ minutes: 0, changed: 0, added: 0, ms: 0 });

    const modal = await openedModal(target.id);
    await review.save(
      modal.private_metadata!,
      pageValues(modal, { texts: { [one!.id]: 'Uno' }, speakers: { [three!.id]: otherSpeaker } }),
      false,
    );
    expect((await store.redubChanges(target.id)).map((c) => [c.kind, c.ref]).sort()).toEqual(
      [
        ['edited', one!.id],
        ['edited', three!.id],
      ].sort(),
    );
    const length = (s: (typeof before)[number]) => timecodeToMs(s.end) - timecodeToMs(s.start);
    const credits = await client.credits.get();
    const estimate = await renders.estimate(target.id);
    expect(estimate).toEqual({
      ok: true,
      value: {
        lang: 'es',
        cost: {
          minutes: redubMinutes(length(one!) + length(three!)),
          changed: 2,
          added: 0,
          ms: length(one!) + length(three!),
        },
        minutesLeft: credits.minutes.total - credits.minutes.used,
        sourceFixes: 0,
      },
    });

    // The service charges the render what the estimate said, and the record starts again from nothing.
    expect(await renders.render(target.id, 'U2')).toEqual({ ok: true, value: undefined });
    const after = await client.credits.get();
    expect(after.minutes.used - credits.minutes.used).toBe(estimate.ok && estimate.value.cost.minutes);
    expect(await store.redubChanges(target.id)).toEqual([]);
  });

  it('explains minutes that run short instead of failing: nothing rendered, the edits kept', async () => {
    const { target, project } = await dubbedTarget('https://vimeo.com/review-402');
    const [one] = await segmentsOf(project.id);
    const modal = await openedModal(target.id);
    await review.save(modal.private_metadata!, pageValues(modal, { texts: { [one!.id]: 'Caro' } }), false);
    const used = (await client.credits.get()).minutes.used;
    emulator.setCredits('default', { minutes: used });
    try {
      const result = await renders.render(target.id, 'U2');
      expect(result).toEqual({
        ok: false,
        problem:
          '💳 Not enough minutes left to render Spanish again: it needs about 1 minute and 0 are left. Nothing was ' +
          'rendered and your edits are kept: add minutes to the account (or undo some edits), then press *Render again*.',
      });
    } finally {
      emulator.setCredits('default', { minutes: 6000 });
    }
    expect(await store.renderIntents()).toEqual([]);
    expect(await store.getTarget(target.id)).toMatchObject({ attempt: 1, terminal: true });
    expect(await store.redubChanges(target.id)).toEqual([expect.objectContaining({ ref: one!.id })]);
    expect((await client.projects.get(project.id)).status).toBe('transcript_edited');
  });
});

describe('Voices', () => {
  it('lists the speakers with their voices and the voices they may have', async () => {
    const { target, project } = await dubbedTarget('https://vimeo.com/review-voices-list');
    const found = await voices.speakersAndVoices(target.id);
    if (!found.ok) throw new Error(found.problem);
    const map = (await client.projects.get(project.id)).voice!;
    expect(found.value.speakers).toEqual(
      Object.keys(map)
        .sort()
        .map((speaker) => ({ speaker, voiceId: map[speaker] })),
    );
    expect(found.value.voices).toEqual(await client.projects.voices(project.id));
    expect(found.value.lang).toBe('es');
  });

  it('sets the count and one voice in one save sending the whole map, and the next render is priced for it', async () => {
    const { target, project } = await dubbedTarget('https://vimeo.com/review-voices');
    const before = (await client.projects.get(project.id)).voice!;
    const offered = await client.projects.voices(project.id);
    const speaker = Object.keys(before).sort()[0]!;
    const other = offered.find((v) => v.id !== before[speaker])!;

    expect(await voices.saveSpeakers(target.id, 'U1', { count: 3, voices: { [speaker]: other.id } })).toEqual(
      { ok: true, value: { changed: true } },
    );
    const after = await client.projects.get(project.id);
    expect(after.num_speakers).toBe(3);
    // Every speaker still has a voice: the map was sent whole, only one of them changed.
    expect(after.voice).toEqual({ ...before, [speaker]: other.id });
    expect(after.status).toBe('voice_edited');
    expect(await store.redubChanges(target.id)).toEqual([{ kind: 'voice', ref: speaker, at: 9_000 }]);
    const [reply] = await store.deliveriesOf(target.jobId);
    expect(reply?.key).toMatch(new RegExp(`^speakers:${target.id}:`));
    expect((reply?.payload as MessageContent).text).toBe('Spanish set to 3 speakers, 1 voice changed');
    expect(JSON.stringify((reply?.payload as MessageContent).blocks)).toContain(
      `${speaker} → ${other.label}`,
    );

    // Every line of that speaker is re-dubbed by the next render, so it is priced in.
    const lines = (await segmentsOf(project.id)).filter((s) => s.speaker === speaker);
    const estimate = await renders.estimate(target.id);
    expect(estimate.ok && estimate.value.cost.changed).toBe(lines.length);

    // The same choice again changes nothing and says nothing.
    expect(await voices.saveSpeakers(target.id, 'U1', { count: 3, voices: { [speaker]: other.id } })).toEqual(
      { ok: true, value: { changed: false } },
    );
    expect(await store.deliveriesOf(target.jobId)).toHaveLength(1);
  });

  it('says in words when the service refuses a voice', async () => {
    const { target } = await dubbedTarget('https://vimeo.com/review-voices-refused');
    const found = await voices.speakersAndVoices(target.id);
    const speaker = found.ok ? found.value.speakers[0]!.speaker : '';
    const result = await voices.saveSpeakers(target.id, 'U1', {
      count: 2,
      voices: { [speaker]: '00000000-0000-4000-8000-000000000000' },
    });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problem).toMatch(/^The service did not accept it: .*Unknown voice/);
    expect(await store.redubChanges(target.id)).toEqual([]);
  });
});

// Review, render again and speakers for a dubbed language, after the listener acked: opens a review session
// (the segments as they are now), turns its pages, saves only the changes (and the lines added) after checking
// that nobody else changed the same segments meanwhile, records what a save changed for the next render's price,
// prices a render before it is asked for, renders again (the language's status message resumes and the new
// files arrive as a new reply; minutes that run short are explained), and changes the number of speakers.
// Each records its state and the thread replies it causes in the store, then wakes the loops that carry them out.
import { randomBytes } from 'node:crypto';
import type { types } from '@slack/bolt';
import { minutesLeft } from '../../domain/credits.ts';
import { languageName } from '../../domain/languages.ts';
import { BusyError, NotEnoughMinutesError, RefusedError } from '../../dubbing/service.ts';
import { scrub } from '../../errors/public.ts';
import type {
  Job,
  JobStore,
  NewSegment,
  OutboxStore,
  RedubChange,
  RedubStore,
  ReviewSegment,
  ReviewStore,
  SegmentEdit,
  Target,
} from '../../store/store.ts';
import type { ThreadDrawer } from '../../thread/drawer.ts';
import { escapeText } from '../../ui/blocks.ts';
import type { FeatureServiceOptions } from '../service-options.ts';
import { type RenderCost, renderCost } from './cost.ts';
import { describeChanges, findConflicts, mergeEdits, planSave, touchedIds } from './diff.ts';
import {
  conflictView,
  noticeView,
  pageStarts,
  readReviewPage,
  reviewModal,
  savedView,
  speakerOptions,
} from './modal.ts';
import { newLineView, refusedLinesText } from './new-line.ts';
import { sourceChangedNote } from './source-fix-blocks.ts';
import {
  editSummary,
  renderRequested,
  type SpeakerVoice,
  speakersChanged,
  type VoiceChoice,
} from './thread-blocks.ts';

export interface ReviewServiceOptions
  extends FeatureServiceOptions<JobStore & OutboxStore & RedubStore & ReviewStore> {
  /** Draws the status message again as a render resumes it. */
  drawer: ThreadDrawer;
  wakeTracker: () => void;
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; problem: string };

type PageValues = Parameters<typeof readReviewPage>[0];

/** The status a resumed language has until the first poll: never a status the service reports. */
export const RENDER_REQUESTED = 'render_requested';
/** Above this many touched segments the conflict check reads the whole transcription (URL length). */
const MAX_IDS_IN_QUERY = 100;
/** How long a dialog's submission waits for the video's length before leaving the check to the service. */
const VIDEO_LENGTH_WAIT_MS = 1500;
/** Lines one review may add: more is a new transcription, not a review. */
export const MAX_ADDITIONS = 50;

/** Why a render was not asked for: nothing the dub says changed (a fixed source alone changes nothing heard). */
export function nothingToRender(lang: string, sourceOnly: boolean): string {
  return (
    `Nothing to render: no translation, timing, speaker or voice of ${languageName(lang)} changed since its last ` +
    `render${sourceOnly ? ' (a fixed source alone changes nothing heard: check the translation in the review)' : ''}, ` +
    'so nothing was rendered and no minutes were used.'
  );
}

/** Why the service did not take part of a save, in words. */
function refusalReason(error: unknown, lang: string): string {
  if (error instanceof BusyError) return `${languageName(lang)} is being worked on right now`;
  if (error instanceof RefusedError) return `the service refused it (${escapeText(scrub(error.message))})`;
  return 'the service could not be reached';
}

export class ReviewService {
  readonly #o: ReviewServiceOptions;
  readonly #now: () => number;

  constructor(options: ReviewServiceOptions) {
    this.#o = options;
    this.#now = options.now ?? Date.now;
  }

  /** A dubbed language, with its job; a problem in words otherwise. */
  async dubbed(targetId: string): Promise<Outcome<{ job: Job; target: Target & { projectId: string } }>> {
    const { store } = this.#o;
    const target = await store.getTarget(targetId);
    const job = target && (await store.getJob(target.jobId));
    if (!target || !job || target.projectId === null)
      return { ok: false, problem: 'That dub no longer exists.' };
    const name = languageName(target.dstLang);
    if (!target.terminal)
      return { ok: false, problem: `${name} is being worked on right now; try again once it is ready.` };
    if (this.#o.dubbing.describeStatus(target.status ?? '').failed)
      return { ok: false, problem: `The ${name} dub failed; use Retry on it first.` };
    return { ok: true, value: { job, target: { ...target, projectId: target.projectId } } };
  }

  /**
   * Opens a review of a dubbed language: the segments as they are on the service now, page 1. With `only`
   * (Review flagged: segment id → why QA flagged it), just those segments, each with its reasons.
   */
  async open(
    targetId: string,
    userId: string,
    only?: ReadonlyMap<string, readonly string[]>,
  ): Promise<Outcome<types.ModalView>> {
    const found = await this.dubbed(targetId);
    if (!found.ok) return found;
    const { target } = found.value;
    const [segments, changes] = await Promise.all([
      this.#o.dubbing.getSegments(target.projectId),
      this.#o.store.redubChanges(targetId),
    ]);
    const sourceWas = new Map(changes.filter((c) => c.kind === 'source').map((c) => [c.ref, c.was ?? '']));
    const baseline: ReviewSegment[] = segments
      .map((s, index) => ({ s, number: index + 1 }))
      .filter(({ s }) => only === undefined || only.has(s.id))
      .map(({ s, number }) => {
        const src = s.src?.text ?? '';
        const notes = [...(only?.get(s.id) ?? []), ...sourceChangedNote(sourceWas.get(s.id), src)];
        return {
          id: s.id,
          number,
          start: s.start,
          end: s.end,
          speaker: s.speaker ?? null,
          src,
          dst: s.dst?.text ?? '',
          ...(notes.length > 0 ? { note: notes.join('\n') } : {}),
        };
      });
    const session = await this.#o.store.createReviewSession({
      targetId,
      projectId: target.projectId,
      userId,
      baseline,
      createdAt: this.#now(),
    });
    return {
      ok: true,
      value: reviewModal({
        sessionId: session.id,
        lang: target.dstLang,
        segments: baseline,
        edits: {},
        page: 0,
      }),
    };
  }

  /** The language of a job's target (null when it is unknown). */
  async langOfTarget(targetId: string): Promise<string | null> {
    return (await this.#o.store.getTarget(targetId))?.dstLang ?? null;
  }

  /** The language a review session is about (null when it is unknown). */
  async langOf(sessionId: string): Promise<string | null> {
    const session = await this.#o.store.getReviewSession(sessionId);
    return (session && (await this.#o.store.getTarget(session.targetId))?.dstLang) ?? null;
  }

  async recordView(sessionId: string, viewId: string): Promise<void> {
    await this.#o.store.updateReviewSession(sessionId, { viewId });
  }

  /** Keeps the page's edits and shows the page `delta` away. */
  async turnPage(sessionId: string, values: PageValues, delta: number): Promise<types.ModalView | undefined> {
    const { store } = this.#o;
    const session = await store.getReviewSession(sessionId);
    const target = session && (await store.getTarget(session.targetId));
    if (!session || !target || session.closed) return undefined;
    const edits = mergeEdits(session.baseline, session.edits, readReviewPage(values));
    const pages = pageStarts(session.baseline).length;
    const page = Math.min(pages - 1, Math.max(0, session.page + delta));
    await store.updateReviewSession(sessionId, { page, edits });
    return reviewModal({
      sessionId,
      lang: target.dstLang,
      segments: session.baseline,
      edits,
      additions: session.additions,
      page,
    });
  }

  /** "Add a missing line": the page's edits are kept, and the modal shows the line's dialog. */
  async startNewLine(sessionId: string, values: PageValues): Promise<types.ModalView | undefined> {
    const { store } = this.#o;
    const session = await store.getReviewSession(sessionId);
    const target = session && (await store.getTarget(session.targetId));
    if (!session || !target || session.closed) return undefined;
    if (session.additions.length >= MAX_ADDITIONS)
      return noticeView(target.dstLang, `A review adds at most ${MAX_ADDITIONS} lines: save these first.`);
    const edits = mergeEdits(session.baseline, session.edits, readReviewPage(values));
    await store.updateReviewSession(sessionId, { edits });
    return newLineView({
      sessionId,
      lang: target.dstLang,
      speakers: speakerOptions(session.baseline),
      videoMs: await this.videoLength(sessionId),
    });
  }

  /**
   * The length of the video a review is of, in ms; undefined when the service does not say within
   * VIDEO_LENGTH_WAIT_MS (the dialog's submission must be answered within Slack's 3 s; the service checks too).
   */
  async videoLength(sessionId: string): Promise<number | undefined> {
    const { store, dubbing } = this.#o;
    const session = await store.getReviewSession(sessionId);
    const target = session && (await store.getTarget(session.targetId));
    const job = target && (await store.getJob(target.jobId));
    if (!job?.mediaId) return undefined;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), VIDEO_LENGTH_WAIT_MS);
    });
    try {
      const seconds = await Promise.race([dubbing.mediaDuration(job.mediaId).catch(() => undefined), late]);
      return seconds === undefined ? undefined : Math.round(seconds * 1000);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Keeps a line to add (sent with the save), or none when `line` is null; the review's page again. */
  async addLine(sessionId: string, line: NewSegment | null): Promise<types.ModalView | undefined> {
    const { store } = this.#o;
    const session = await store.getReviewSession(sessionId);
    const target = session && (await store.getTarget(session.targetId));
    if (!session || !target || session.closed) return undefined;
    const additions =
      line && session.additions.length < MAX_ADDITIONS ? [...session.additions, line] : session.additions;
    if (additions !== session.additions) await store.updateReviewSession(sessionId, { additions });
    return reviewModal({
      sessionId,
      lang: target.dstLang,
      segments: session.baseline,
      edits: session.edits,
      additions,
      page: session.page,
    });
  }

  /**
   * Saves a review: the last page's values (none when confirming after a conflict) are merged, then only the
   * changes are sent. Unless `force`, segments someone else changed since the modal opened stop the save.
   * Returns the view to show.
   */
  async save(sessionId: string, values: PageValues | null, force: boolean): Promise<types.ModalView> {
    const { store, dubbing } = this.#o;
    const session = await store.getReviewSession(sessionId);
    const target = session && (await store.getTarget(session.targetId));
    const job = target && (await store.getJob(target.jobId));
    if (!session || !target || !job) return noticeView(null, 'This review is no longer available.');
    const lang = target.dstLang;
    if (session.closed) return noticeView(lang, 'This review was already saved.');
    const edits = values
      ? mergeEdits(session.baseline, session.edits, readReviewPage(values))
      : session.edits;
    await store.updateReviewSession(sessionId, { edits });
    const plan = planSave(session.baseline, edits);
    const additions = session.additions;
    if (plan.edited === 0 && plan.removals.length === 0 && additions.length === 0) {
      await store.closeReviewSession(sessionId);
      return noticeView(lang, 'Nothing changed, so nothing was saved.');
    }
    if (!force) {
      const ids = touchedIds(plan);
      const current = await dubbing.getSegments(
        session.projectId,
        ids.length <= MAX_IDS_IN_QUERY ? ids : undefined,
      );
      const conflicts = findConflicts(session.baseline, edits, current);
      if (conflicts.length > 0) return conflictView({ sessionId, lang, conflicts });
    }
    // Closed before sending, so that a second submission of the same modal cannot send it twice.
    if (!(await store.closeReviewSession(sessionId)))
      return noticeView(lang, 'This review was already saved.');
    // Each part is sent on its own, so that one refused part does not lose the others; what reached the
    // service is recorded (the next render is charged for it) and said in the thread.
    const refusals: string[] = [];
    const attempt = async (what: string, send: () => Promise<void>): Promise<boolean> => {
      try {
        await send();
        return true;
      } catch (error) {
        refusals.push(`${what}: ${refusalReason(error, lang)}`);
        return false;
      }
    };
    const changed: Pick<RedubChange, 'kind' | 'ref'>[] = [];
    const edited =
      plan.patch.length > 0 &&
      (await attempt(`the ${plan.edited === 1 ? 'edit' : `${plan.edited} edits`}`, () =>
        dubbing.patchSegments(session.projectId, lang, plan.patch),
      ));
    if (edited) changed.push(...plan.patch.map((c) => ({ kind: 'edited' as const, ref: c.id })));
    const removed: string[] = [];
    for (const id of plan.removals) {
      const number = session.baseline.find((s) => s.id === id)?.number ?? '?';
      if (await attempt(`removing #${number}`, () => dubbing.deleteSegment(session.projectId, id)))
        removed.push(id);
    }
    let added = 0;
    if (additions.length > 0) {
      await attempt(
        `the ${additions.length === 1 ? 'added line' : `${additions.length} added lines`}`,
        async () => {
          const ids = await dubbing.addSegments(session.projectId, lang, additions);
          changed.push(...ids.map((id) => ({ kind: 'added' as const, ref: id })));
          added = additions.length;
        },
      );
    }
    if (changed.length > 0) await store.recordRedubChanges(target.id, changed, this.#now());
    const savedCount = (edited ? plan.edited : 0) + removed.length + added;
    const changes = describeChanges(edited ? plan.edited : 0, removed.length, added);
    if (savedCount > 0) {
      await store.enqueue(
        {
          key: `edited:${sessionId}`,
          jobId: job.id,
          kind: 'reply',
          inThread: true,
          payload: editSummary({ userId: session.userId, lang, changes, targetId: target.id }),
        },
        this.#now(),
      );
      this.#o.wakeDeliverer();
    }
    if (refusals.length === 0) return savedView(lang, changes);
    return await this.#keepRefused(session, lang, {
      saved: savedCount > 0 ? changes : null,
      refusals,
      edits: edited
        ? Object.fromEntries(
            Object.entries(edits).filter(([id]) => edits[id]?.removed && !removed.includes(id)),
          )
        : Object.fromEntries(Object.entries(edits).filter(([id]) => !removed.includes(id))),
      refusedLines: added > 0 ? [] : additions,
      removed,
      savedEdits: edited ? edits : {},
    });
  }

  /**
   * A partly refused save: a new review of the same language holding what was not saved (the edits, removals
   * and typed lines, to fix and save again), headed by what was saved and what was refused and why.
   */
  async #keepRefused(
    session: NonNullable<Awaited<ReturnType<ReviewServiceOptions['store']['getReviewSession']>>>,
    lang: string,
    kept: {
      saved: string | null;
      refusals: string[];
      edits: Record<string, SegmentEdit>;
      refusedLines: NewSegment[];
      removed: string[];
      savedEdits: Record<string, SegmentEdit>;
    },
  ): Promise<types.ModalView> {
    const { store } = this.#o;
    // The new review starts from the service's state as this save left it: saved edits in, removals out.
    const baseline = session.baseline
      .filter((s) => !kept.removed.includes(s.id))
      .map((s) => {
        const saved = kept.savedEdits[s.id];
        return saved && !saved.removed
          ? { ...s, dst: saved.dst ?? s.dst, speaker: saved.speaker ?? s.speaker }
          : s;
      });
    const next = await store.createReviewSession({
      targetId: session.targetId,
      projectId: session.projectId,
      userId: session.userId,
      baseline,
      createdAt: this.#now(),
    });
    await store.updateReviewSession(next.id, {
      edits: kept.edits,
      page: session.page,
      ...(session.viewId ? { viewId: session.viewId } : {}),
    });
    // Lines typed but refused are quoted whole, to be added again with what was wrong fixed (saving the same
    // line again would be refused again).
    const lines =
      kept.refusedLines.length > 0
        ? `\n*Lines not added*, as you typed them: add them again with *Add a missing line*.\n${refusedLinesText(kept.refusedLines)}`
        : '';
    const notice =
      `⚠️ *Not everything was saved.* ${kept.saved ? `Saved: ${kept.saved} (posted in the thread). ` : 'Nothing was saved. '}` +
      `Not saved: ${kept.refusals.join('; ')}. What was not saved is kept here: fix it and press *Save* again.${lines}`;
    return reviewModal({
      sessionId: next.id,
      lang,
      segments: baseline,
      edits: kept.edits,
      page: session.page,
      notice,
    });
  }

  /**
   * What rendering a dubbed language again will cost: the segments changed and added since its last render, as
   * the app recorded them, priced by the vendor's rule on their length on the service now; and the minutes left.
   */
  async estimate(
    targetId: string,
  ): Promise<Outcome<{ lang: string; cost: RenderCost; minutesLeft: number; sourceFixes: number }>> {
    const found = await this.dubbed(targetId);
    if (!found.ok) return found;
    const { target } = found.value;
    const [segments, credits, changes] = await Promise.all([
      this.#o.dubbing.getSegments(target.projectId),
      this.#o.dubbing.credits(),
      this.#o.store.redubChanges(targetId),
    ]);
    return {
      ok: true,
      value: {
        lang: target.dstLang,
        cost: renderCost(segments, changes),
        minutesLeft: minutesLeft(credits),
        sourceFixes: changes.filter((c) => c.kind === 'source').length,
      },
    };
  }

  /**
   * Renders a dubbed language again; its status message resumes and the new files come as a new reply. The
   * intent is recorded before `generate` is asked, so that a crash between the two is followed up at start.
   * Minutes that run short (402) are a problem in words, not an error: nothing was rendered, the edits stay.
   */
  async render(targetId: string, userId: string): Promise<Outcome<void>> {
    const { store, dubbing } = this.#o;
    const found = await this.dubbed(targetId);
    if (!found.ok) return found;
    const { target } = found.value;
    const changes = await store.redubChanges(targetId);
    if (!changes.some((c) => c.kind !== 'source'))
      return { ok: false, problem: nothingToRender(target.dstLang, changes.length > 0) };
    await store.recordRenderIntent(targetId, userId, this.#now());
    let status: string;
    try {
      status = (await dubbing.generate(target.projectId)).status ?? RENDER_REQUESTED;
    } catch (error) {
      if (error instanceof NotEnoughMinutesError) {
        await store.clearRenderIntent(targetId);
        return { ok: false, problem: await this.#shortOfMinutes(targetId, target.dstLang) };
      }
      if (!(error instanceof BusyError)) {
        await store.clearRenderIntent(targetId);
        throw error;
      }
      // Still processing: a render already under way (asked for just before a restart, say) is followed.
      status = (await dubbing.getProject(target.projectId)).status ?? RENDER_REQUESTED;
    }
    return await this.#follow(targetId, userId, status);
  }

  /** Why a render was refused for want of minutes, with its price and the minutes left when they can be read. */
  async #shortOfMinutes(targetId: string, lang: string): Promise<string> {
    const name = languageName(lang);
    const what =
      `Nothing was rendered and your edits are kept: add minutes to the account (or undo some edits), ` +
      'then press *Render again*.';
    try {
      const estimate = await this.estimate(targetId);
      if (estimate.ok) {
        const { cost, minutesLeft } = estimate.value;
        const needs = `${cost.minutes} minute${cost.minutes === 1 ? '' : 's'}`;
        return `💳 Not enough minutes left to render ${name} again: it needs about ${needs} and ${minutesLeft} ${minutesLeft === 1 ? 'is' : 'are'} left. ${what}`;
      }
    } catch {
      // The explanation goes out without the figures.
    }
    return `💳 Not enough minutes left on the account to render ${name} again. ${what}`;
  }

  /** At start: renders asked for just before the process stopped are followed like any other. */
  async recoverRenders(): Promise<void> {
    for (const intent of await this.#o.store.renderIntents()) {
      const target = await this.#o.store.getTarget(intent.targetId);
      if (!target?.projectId || !target.terminal) {
        await this.#o.store.clearRenderIntent(intent.targetId);
        continue;
      }
      const status = (await this.#o.dubbing.getProject(target.projectId)).status ?? RENDER_REQUESTED;
      await this.#follow(intent.targetId, intent.userId, status);
    }
  }

  /** Tracks the language again from `status`: its status message resumes; the render is announced once. */
  async #follow(targetId: string, userId: string, status: string): Promise<Outcome<void>> {
    const { store } = this.#o;
    const now = this.#now();
    const resumed = await store.resumeTarget(targetId, RENDER_REQUESTED, now);
    await store.clearRenderIntent(targetId);
    // The render under way was charged for what changed until now; the next one starts from nothing.
    await store.clearRedubChanges(targetId, now);
    const job = resumed && (await store.getJob(resumed.jobId));
    if (!resumed || !job) {
      const lang = (await store.getTarget(targetId))?.dstLang ?? '';
      return { ok: false, problem: `${languageName(lang)} is already being rendered.` };
    }
    const described = this.#o.dubbing.describeStatus(status);
    const info = described.terminal
      ? { label: 'Rendering again', progress: 0, terminal: false, failed: false }
      : described;
    // Drawn from the store: whoever is assigned to review the language stays named through the render.
    await this.#o.drawer.redrawStatus(resumed.id, now, { info, target: resumed });
    await store.enqueue(
      {
        key: `render:${resumed.id}.${resumed.attempt}`,
        jobId: job.id,
        kind: 'reply',
        inThread: true,
        payload: renderRequested({ userId, lang: resumed.dstLang }),
      },
      now,
    );
    this.#o.wakeDeliverer();
    this.#o.wakeTracker();
    return { ok: true, value: undefined };
  }

  /** The speakers of a dubbed language's project with their voices now, the voices they may have, the count. */
  async speakersAndVoices(targetId: string): Promise<
    Outcome<{
      lang: string;
      current: number | null;
      speakers: SpeakerVoice[];
      voices: VoiceChoice[];
    }>
  > {
    const found = await this.dubbed(targetId);
    if (!found.ok) return found;
    const { job, target } = found.value;
    const [project, voices] = await Promise.all([
      this.#o.dubbing.getProject(target.projectId),
      this.#o.dubbing.voices(target.projectId),
    ]);
    const speakers = Object.entries(project.voice ?? {})
      .map(([speaker, voiceId]) => ({ speaker, voiceId: voiceId ?? null }))
      .sort((a, b) => a.speaker.localeCompare(b.speaker));
    return {
      ok: true,
      value: {
        lang: target.dstLang,
        current: project.num_speakers ?? job.numSpeakers ?? (speakers.length || null),
        speakers,
        voices,
      },
    };
  }

  /**
   * Saves the Speakers & voices dialog: the number of speakers and the voices picked, in one PATCH whose voice
   * map names every speaker (picked, or as it was: the service replaces the map whole). Speakers whose voice
   * changed are recorded, since the next render re-dubs (and charges) all of their lines.
   */
  async saveSpeakers(
    targetId: string,
    userId: string,
    choice: { count: number; voices: Record<string, string> },
  ): Promise<Outcome<{ changed: boolean }>> {
    const found = await this.dubbed(targetId);
    if (!found.ok) return found;
    const { job, target } = found.value;
    const { dubbing, store } = this.#o;
    const project = await dubbing.getProject(target.projectId);
    const now: Record<string, string | null> = project.voice ?? {};
    const changedVoices = Object.keys(choice.voices).filter(
      (speaker) => choice.voices[speaker] !== now[speaker],
    );
    const map: Record<string, string> = {};
    if (changedVoices.length > 0) {
      for (const [speaker, voice] of Object.entries({ ...now, ...choice.voices })) {
        if (!voice) return { ok: false, problem: `Pick a voice for ${speaker}: it has none yet.` };
        map[speaker] = voice;
      }
    }
    const countChanged = choice.count !== (project.num_speakers ?? job.numSpeakers);
    if (!countChanged && changedVoices.length === 0) return { ok: true, value: { changed: false } };
    try {
      await dubbing.updateSpeakers(target.projectId, {
        ...(countChanged ? { numSpeakers: choice.count } : {}),
        ...(changedVoices.length > 0 ? { voice: map } : {}),
      });
    } catch (error) {
      if (error instanceof BusyError || error instanceof RefusedError)
        return { ok: false, problem: `The service did not accept it: ${escapeText(scrub(error.message))}` };
      throw error;
    }
    if (changedVoices.length > 0)
      await store.recordRedubChanges(
        target.id,
        changedVoices.map((speaker) => ({ kind: 'voice' as const, ref: speaker })),
        this.#now(),
      );
    const labels = new Map(
      (await dubbing.voices(target.projectId).catch(() => [])).map((v) => [v.id, v.label]),
    );
    await store.enqueue(
      {
        key: `speakers:${target.id}:${randomBytes(4).toString('hex')}`,
        jobId: job.id,
        kind: 'reply',
        inThread: true,
        payload: speakersChanged({
          userId,
          lang: target.dstLang,
          count: choice.count,
          targetId,
          voices: changedVoices.map((speaker) => ({
            speaker,
            label: labels.get(map[speaker]!) ?? 'another voice',
          })),
        }),
      },
      this.#now(),
    );
    this.#o.wakeDeliverer();
    return { ok: true, value: { changed: true } };
  }
}

import type { types } from '@slack/bolt';
import { languageName } from '../../domain/languages.ts';
import { shownRender } from '../../domain/renders.ts';
import { BusyError, RefusedError } from '../../dubbing/service.ts';
import { scrub } from '../../errors/public.ts';
import type {
  ApprovalStore,
  CommentStore,
  JobStore,
  NewSegment,
  OutboxStore,
  RedubChange,
  RedubStore,
  ReviewSegment,
  ReviewStore,
  SegmentComment,
  SegmentEdit,
  Target,
} from '../../store/store.ts';
import { escapeText } from '../../ui/blocks.ts';
import type { FeatureServiceOptions } from '../service-options.ts';
import { describeChanges, findConflicts, mergeEdits, planSave, touchedIds } from './diff.ts';
import { type DubbedLanguage, dubbedLanguage, type Outcome } from './dubbed.ts';
import {
  conflictView,
  noticeView,
  pageStarts,
  readReviewPage,
  reviewModal,
  savedView,
  speakerOptions,
} from './modal.ts';
import { newLineView, overlapProblem, refusedLinesText } from './new-line.ts';
import { sourceChangedNote } from './source-fix-blocks.ts';
import { editSummary } from './thread-blocks.ts';

export type ReviewServiceOptions = FeatureServiceOptions<
  JobStore &
    OutboxStore &
    RedubStore &
    ReviewStore &
    Pick<ApprovalStore, 'approvalsOf'> &
    Pick<CommentStore, 'segmentNumbers' | 'commentsOf' | 'resolveComments'>
>;

type PageValues = Parameters<typeof readReviewPage>[0];

/** Above this many touched segments the conflict check reads the whole transcription (URL length). */
const MAX_IDS_IN_QUERY = 100;
/** How long a dialog's submission waits for the video's length before leaving the check to the service. */
const VIDEO_LENGTH_WAIT_MS = 1500;
/** Lines one review may add: more is a new transcription, not a review. */
export const MAX_ADDITIONS = 50;

/** Why the service did not take part of a save, in words. */
function refusalReason(error: unknown, lang: string): string {
  if (error instanceof BusyError) return `${languageName(lang)} is being worked on right now`;
  if (error instanceof RefusedError) return `the service refused it (${escapeText(scrub(error.message))})`;
  return 'the service could not be reached';
}

/** The open comments on a segment, shown beside it in the review. */
function openComments(comments: readonly SegmentComment[], segmentId: string) {
  return comments
    .filter((c) => c.segmentId === segmentId && c.resolvedIn === null)
    .map((c) => ({ userId: c.userId, text: c.text }));
}

/** A review's segments with the comments open on each now (made since it opened, or resolved since, too). */
function withOpenComments(
  segments: readonly ReviewSegment[],
  comments: readonly SegmentComment[],
): ReviewSegment[] {
  return segments.map(({ comments: _then, ...segment }) => {
    const said = openComments(comments, segment.id);
    return said.length > 0 ? { ...segment, comments: said } : segment;
  });
}

export class ReviewService {
  readonly #o: ReviewServiceOptions;
  readonly #now: () => number;

  constructor(options: ReviewServiceOptions) {
    this.#o = options;
    this.#now = options.now ?? Date.now;
  }

  /** A dubbed language, with its job; a problem in words otherwise. */
  dubbed(targetId: string): Promise<Outcome<DubbedLanguage>> {
    return dubbedLanguage(this.#o.store, this.#o.dubbing, targetId);
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
    const [segments, changes, comments] = await Promise.all([
      this.#o.dubbing.getSegments(target.projectId),
      this.#o.store.redubChanges(targetId),
      this.#o.store.commentsOf(targetId),
    ]);
    // Each segment's number for the life of the job: what a comment, a QA flag or a person's "#12" names.
    const numbers = await this.#o.store.segmentNumbers(
      targetId,
      segments.map((s) => s.id),
    );
    const sourceWas = new Map(changes.filter((c) => c.kind === 'source').map((c) => [c.ref, c.was ?? '']));
    const baseline: ReviewSegment[] = segments
      .map((s, index) => ({ s, number: numbers.get(s.id) ?? index + 1 }))
      .filter(({ s }) => only === undefined || only.has(s.id))
      .map(({ s, number }) => {
        const src = s.src?.text ?? '';
        const notes = [...(only?.get(s.id) ?? []), ...sourceChangedNote(sourceWas.get(s.id), src)];
        const said = openComments(comments, s.id);
        return {
          id: s.id,
          number,
          start: s.start,
          end: s.end,
          speaker: s.speaker ?? null,
          src,
          dst: s.dst?.text ?? '',
          ...(notes.length > 0 ? { note: notes.join('\n') } : {}),
          ...(said.length > 0 ? { comments: said } : {}),
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
      segments: withOpenComments(session.baseline, await store.commentsOf(target.id)),
      edits,
      additions: session.additions,
      page,
    });
  }

  /**
   * A line of an open review, as the review shows it (its number, and the comments open on it now), with its
   * language; undefined when the review is closed or the line is not one of its.
   */
  async lineOf(
    sessionId: string,
    segmentId: string,
  ): Promise<{ target: Target; segment: ReviewSegment; number: number } | undefined> {
    const { store } = this.#o;
    const session = await store.getReviewSession(sessionId);
    const target = session && (await store.getTarget(session.targetId));
    if (!session || !target || session.closed) return undefined;
    const index = session.baseline.findIndex((s) => s.id === segmentId);
    if (index < 0) return undefined;
    const [segment] = withOpenComments([session.baseline[index]!], await store.commentsOf(target.id));
    return { target, segment: segment!, number: segment!.number ?? index + 1 };
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

  /**
   * Why a line to add overlaps what the dub keeps: the review's segments not removed in it (by their numbers
   * in the review) and the lines added before; undefined when it fits, or the review is gone.
   */
  async overlapOf(sessionId: string, line: NewSegment): Promise<string | undefined> {
    const session = await this.#o.store.getReviewSession(sessionId);
    if (!session) return undefined;
    const kept = session.baseline.flatMap((segment, index) =>
      session.edits[segment.id]?.removed
        ? []
        : [{ label: `#${segment.number ?? index + 1}`, start: segment.start, end: segment.end }],
    );
    const added = session.additions.map((a) => ({ label: 'a line you added', start: a.start, end: a.end }));
    return overlapProblem(line, [...kept, ...added]);
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
      segments: withOpenComments(session.baseline, await store.commentsOf(target.id)),
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
    if (changed.length > 0 || removed.length > 0)
      await store.recordEditor(target.id, session.userId, this.#now());
    // A removed line is gone from the next render: the comments on it close with that render.
    if (removed.length > 0) await store.resolveComments(target.id, removed, target.attempt + 1);
    const savedCount = (edited ? plan.edited : 0) + removed.length + added;
    const changes = describeChanges(edited ? plan.edited : 0, removed.length, added);
    if (savedCount > 0) {
      // An approved render stays approved: the summary says the render these edits lead to waits again.
      const [approval] = await store.approvalsOf([target.id]);
      const approved =
        approval?.attempt === target.attempt
          ? {
              render: shownRender(approval.attempt, await store.deliveredRenders(target.id)),
              userId: approval.userId,
            }
          : undefined;
      await store.enqueue(
        {
          key: `edited:${sessionId}`,
          jobId: job.id,
          kind: 'reply',
          inThread: true,
          payload: editSummary({ userId: session.userId, lang, changes, targetId: target.id, approved }),
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
}

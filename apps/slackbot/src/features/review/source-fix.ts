// One source fix for every language: a corrected source text for a segment in the review, saved on that
// language's project and on the job's other dubbed languages that have a segment at the same times; each
// language changed has the segment flagged "source changed — check the translation" (its review shows the old
// and new source; nothing is charged, as the render re-voices the translation, which the fix leaves as it was),
// and the thread says which languages changed, with a Review button for each.
import type { types } from '@slack/bolt';
import type { Job, JobStore, OutboxStore, RedubStore, ReviewStore, Target } from '../../store/store.ts';
import type { FeatureServiceOptions } from '../service-options.ts';
import {
  type SourceFixLanguage,
  sourceChangedNote,
  sourceFixModal,
  sourceFixSummary,
} from './source-fix-blocks.ts';

export type FixOutcome = { ok: true; changed: SourceFixLanguage[] } | { ok: false; problem: string };

export type SourceFixOptions = FeatureServiceOptions<JobStore & OutboxStore & RedubStore & ReviewStore>;

export class SourceFixService {
  readonly #o: SourceFixOptions;
  readonly #now: () => number;

  constructor(options: SourceFixOptions) {
    this.#o = options;
    this.#now = options.now ?? Date.now;
  }

  /** The review session's language, its job, the segment, and the job's other dubbed languages. */
  async #context(sessionId: string, segmentId: string) {
    const store = this.#o.store;
    const session = await store.getReviewSession(sessionId);
    const target = session && (await store.getTarget(session.targetId));
    const job = target && (await store.getJob(target.jobId));
    const segment = session?.baseline.find((s) => s.id === segmentId);
    if (!session || session.closed || !target || !job || !segment) return undefined;
    const others = (await store.targetsOf(job.id)).filter((t) => t.id !== target.id && this.#dubbed(t));
    return { session, target, job, segment, others };
  }

  #dubbed(target: Target): boolean {
    return (
      target.terminal &&
      target.projectId !== null &&
      !this.#o.dubbing.describeStatus(target.status ?? '').failed
    );
  }

  /** The dialog for a segment of a review; undefined when the review is gone. */
  async open(sessionId: string, segmentId: string): Promise<types.ModalView | undefined> {
    const found = await this.#context(sessionId, segmentId);
    if (!found) return undefined;
    const { target, segment, others } = found;
    return sourceFixModal({
      sessionId,
      segmentId,
      lang: target.dstLang,
      start: segment.start,
      end: segment.end,
      src: segment.src,
      others: others.map((t) => ({ targetId: t.id, lang: t.dstLang })),
    });
  }

  /**
   * Saves `text` as the segment's source in the review's language and in each of `targetIds` (the job's other
   * dubbed languages only) that has a segment with the same timecodes, then posts the thread line.
   */
  async apply(
    sessionId: string,
    segmentId: string,
    fix: { text: string; targetIds: readonly string[] },
    userId: string,
  ): Promise<FixOutcome> {
    const text = fix.text.trim();
    if (text === '') return { ok: false, problem: 'A source text cannot be empty.' };
    const found = await this.#context(sessionId, segmentId);
    if (!found) return { ok: false, problem: 'This review is no longer available.' };
    const { session, target, job, segment, others } = found;
    const chosen = others.filter((t) => fix.targetIds.includes(t.id));
    const changed: SourceFixLanguage[] = [];
    const missing: SourceFixLanguage[] = [];
    for (const language of [target, ...chosen]) {
      const projectId = language.projectId!;
      const segments = await this.#o.dubbing.getSegments(projectId);
      // The same segment in another language is the one at the same times: ids differ between projects.
      const same = segments.find((s) => s.start === segment.start && s.end === segment.end);
      if (!same) {
        missing.push({ targetId: language.id, lang: language.dstLang });
        continue;
      }
      const srcLang = same.src?.lang || job.srcLang || (await this.#o.dubbing.getProject(projectId)).src_lang;
      await this.#o.dubbing.patchSourceTexts(projectId, srcLang ?? 'en', [{ id: same.id, text }]);
      // Flagged to check, not charged: the render re-voices the translation, which this leaves as it was.
      await this.#o.store.recordRedubChanges(
        language.id,
        [{ kind: 'source', ref: same.id, was: same.src?.text ?? '' }],
        this.#now(),
      );
      changed.push({ targetId: language.id, lang: language.dstLang });
    }
    if (changed.some((l) => l.targetId === target.id)) {
      // The review goes on showing this segment: with its new source text, not the one it opened with.
      const was = (await this.#o.store.redubChanges(target.id)).find(
        (c) => c.kind === 'source' && c.ref === segment.id,
      )?.was;
      const note = sourceChangedNote(was, text).join('\n');
      const baseline = session.baseline.map((s) =>
        s.id === segment.id ? { ...s, src: text, ...(note ? { note } : {}) } : s,
      );
      await this.#o.store.updateReviewSession(sessionId, { baseline });
    }
    if (changed.length > 0) await this.#summarize(job, userId, segment, changed, missing);
    return { ok: true, changed };
  }

  async #summarize(
    job: Job,
    userId: string,
    segment: { id: string; start: string; end: string },
    changed: SourceFixLanguage[],
    missing: SourceFixLanguage[],
  ): Promise<void> {
    const now = this.#now();
    await this.#o.store.enqueue(
      {
        // Each fix is its own line: the same segment may be fixed again later.
        key: `source-fix:${job.id}:${segment.id}:${now}`,
        jobId: job.id,
        kind: 'reply',
        inThread: true,
        payload: sourceFixSummary({ userId, start: segment.start, end: segment.end, changed, missing }),
      },
      now,
    );
    this.#o.wakeDeliverer();
  }
}

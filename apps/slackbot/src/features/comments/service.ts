// Comments on a dubbed language's lines, from its job's thread: a reply like "#12 too formal", "01:23 the name
// is wrong" or "German #12 …" (the language named when the job has several) is anchored to the segment by its
// stable number (or the segment playing at that time) and recorded against the render it was made on; the
// language's status message lists it, the review shows it beside the line, and the next render that changes
// that segment resolves it (Renders calls resolveChanged as it starts one).
import { randomBytes } from 'node:crypto';
import { parseTimecode } from '@dubkit/srt';
import { COMMENT_MAX, readLineComment, type SegmentComment } from '../../domain/comments.ts';
import { languagesInText } from '../../domain/language-words.ts';
import { languageLabel, languageName } from '../../domain/languages.ts';
import type { CommentStore, JobStore, Target } from '../../store/store.ts';
import type { ThreadDrawer } from '../../thread/drawer.ts';
import type { FeatureServiceOptions } from '../service-options.ts';

export interface CommentServiceOptions extends FeatureServiceOptions<CommentStore & JobStore> {
  /** Draws the language's status message again with its comments. */
  drawer: ThreadDrawer;
}

/** What a reply in a job's thread came to: a comment recorded, or why not (to its author only). */
export type CommentOutcome = { ok: true; message: string } | { ok: false; problem: string };

export class CommentService {
  readonly #o: CommentServiceOptions;
  readonly #now: () => number;

  constructor(options: CommentServiceOptions) {
    this.#o = options;
    this.#now = options.now ?? Date.now;
  }

  /**
   * A person's reply in the thread `threadTs` of `channel`, read as a comment on a line; undefined when it is
   * not one (no anchor at its start, or no job's thread).
   */
  async fromThread(input: {
    channel: string;
    threadTs: string;
    userId: string;
    text: string;
  }): Promise<CommentOutcome | undefined> {
    const said = readLineComment(input.text);
    if (!said) return undefined;
    const { store, dubbing } = this.#o;
    const job = await store.jobByThread(input.channel, input.threadTs);
    if (!job) return undefined;
    const dubbed = (await store.targetsOf(job.id)).filter(
      (t) => t.terminal && t.projectId !== null && !dubbing.describeStatus(t.status ?? '').failed,
    );
    if (dubbed.length === 0)
      return { ok: false, problem: 'No language of this dub is ready yet: comment on a line once it is.' };
    const target = pick(dubbed, said.before);
    if (!target)
      return {
        ok: false,
        problem: `Which language is that about? Name it first, e.g. “${languageName(dubbed[0]!.dstLang)} ${input.text.trim().slice(0, 40)}”. Nothing was noted.`,
      };
    const segments = await dubbing.getSegments(target.projectId!);
    const numbers = await store.segmentNumbers(
      target.id,
      segments.map((s) => s.id),
    );
    const anchor = said.anchor;
    const segment =
      anchor.kind === 'number'
        ? segments.find((s) => numbers.get(s.id) === anchor.number)
        : segments.find((s) => parseTimecode(s.start) <= anchor.ms && anchor.ms < parseTimecode(s.end));
    const name = languageLabel(target.dstLang);
    if (!segment)
      return {
        ok: false,
        problem:
          anchor.kind === 'number'
            ? `${name} has no line #${anchor.number} now (removed, or never there): nothing was noted. *Review translation* shows each line’s number.`
            : `No line of ${name} is spoken at that time: nothing was noted. Give a time within a line, or its #number.`,
      };
    const number = numbers.get(segment.id)!;
    await this.record({ target, segmentId: segment.id, number, userId: input.userId, text: said.text });
    return {
      ok: true,
      message: `💬 Noted on ${name} #${number} (${segment.start}): *Review translation* shows it beside the line, and it closes when a newer render changes that line.`,
    };
  }
  /**
   * Keeps a comment on a line (its segment, and the stable number it is shown by), made on the language's
   * current render, and draws the status message again with it: from a reply in the thread, or the review.
   */
  async record(input: {
    target: Target;
    segmentId: string;
    number: number;
    userId: string;
    text: string;
  }): Promise<void> {
    const now = this.#now();
    await this.#o.store.addComment({
      id: randomBytes(8).toString('hex'),
      targetId: input.target.id,
      segmentId: input.segmentId,
      number: input.number,
      userId: input.userId,
      text: input.text.slice(0, COMMENT_MAX),
      render: input.target.attempt,
      at: now,
      resolvedIn: null,
      resolvedBy: null,
    });
    await this.#o.drawer.redrawStatus(input.target.id, now);
    this.#o.wakeDeliverer();
  }

  /** The open comments of a language, oldest first. */
  async openOf(targetId: string): Promise<SegmentComment[]> {
    return (await this.#o.store.commentsOf(targetId)).filter((c) => c.resolvedIn === null);
  }

  /** Closes the comments named by `userId`'s hand (Resolve comments…); what to tell them. */
  async close(targetId: string, ids: readonly string[], userId: string): Promise<string> {
    const target = await this.#o.store.getTarget(targetId);
    if (!target) return 'That dub no longer exists.';
    const now = this.#now();
    const closed = await this.#o.store.closeComments(targetId, ids, userId, target.attempt);
    if (closed === 0) return 'Those comments were resolved already: nothing changed.';
    await this.#o.drawer.redrawStatus(targetId, now);
    this.#o.wakeDeliverer();
    return `✅ You resolved ${closed === 1 ? '1 comment' : `${closed} comments`} on ${languageLabel(target.dstLang)}.`;
  }
}

/** The language a comment is about: the one its first words name, or the only one dubbed. */
function pick(dubbed: readonly Target[], before: string): Target | undefined {
  const [named] = before
    ? languagesInText(
        before,
        dubbed.map((t) => t.dstLang),
      ).languages
    : [];
  if (named) return dubbed.find((t) => t.dstLang === named);
  return dubbed.length === 1 ? dubbed[0] : undefined;
}

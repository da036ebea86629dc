// Localization QA of a dubbed language, run where its result reply is delivered: the project's segments as they
// are now and the language's glossary from the service, the channel's QA settings from the store. The reply
// is written once under its own key; QA only adds its line to it, so a render's new reply gets a new QA.

import { GlossaryMatcher } from '@dubkit/glossary-csv';
import { TimecodeError } from '@dubkit/srt';
import { checkTranslation, type QaResult } from '../../domain/localization-qa.ts';
import { renderOfReplyKey } from '../../domain/renders.ts';
import type { DubbingService } from '../../dubbing/service.ts';
import type { ReplyQa } from '../../outbox/deliverer.ts';
import type { ChannelQa, CommentStore, JobStore, QaSettingsStore, Target } from '../../store/store.ts';
import type { Block, MessageContent } from '../../ui/blocks.ts';
import { QA_BLOCK_ID, qaLine, withQaLine } from './line.ts';

/** A channel that never chose: QA runs, with Netflix's guide (the library's default). */
const DEFAULT_QA: Pick<ChannelQa, 'enabled' | 'preset'> = { enabled: true, preset: 'netflix' };

export interface QaRun {
  target: Target & { projectId: string };
  result: QaResult;
}

/** QA for the QA line the deliverer adds to a dubbed reply, and for Review flagged. */
export class LocalizationQa implements ReplyQa {
  readonly #store: JobStore & QaSettingsStore & Pick<CommentStore, 'segmentNumbers'>;
  readonly #dubbing: DubbingService;
  readonly #onUnusable: ((error: Error, targetId: string) => void) | undefined;

  constructor(options: {
    store: JobStore & QaSettingsStore & Pick<CommentStore, 'segmentNumbers'>;
    dubbing: DubbingService;
    /** Told when a translation's data cannot be checked (for the logs). */
    onUnusable?: (error: Error, targetId: string) => void;
  }) {
    this.#store = options.store;
    this.#dubbing = options.dubbing;
    this.#onUnusable = options.onUnusable;
  }

  /** The QA of a language now; undefined when the channel turned QA off or the language has no project. */
  async run(targetId: string): Promise<QaRun | undefined> {
    const store = this.#store;
    const target = await store.getTarget(targetId);
    const job = target && (await store.getJob(target.jobId));
    if (!target || !job || target.projectId === null) return undefined;
    const settings = (await store.channelQa(job.channel)) ?? DEFAULT_QA;
    if (!settings.enabled) return undefined;
    const glossaryId = (await store.targetOptions(job.id, target.dstLang))?.glossaryId ?? null;
    const [segments, glossary] = await Promise.all([
      this.#dubbing.getSegments(target.projectId),
      glossaryId ? this.#dubbing.getGlossary(glossaryId) : Promise.resolve(undefined),
    ]);
    // A glossary deleted since the job started has no terms to check: the style checks still run.
    const matcher = glossary
      ? new GlossaryMatcher(glossary.entries, { srcLang: glossary.src_lang, dstLang: glossary.dst_lang })
      : undefined;
    const checked = checkTranslation(segments, {
      preset: settings.preset,
      dstLang: target.dstLang,
      ...(matcher ? { glossary: matcher } : {}),
    });
    // A flag names its segment by the number it keeps for the life of the job, as the review shows it.
    const numbers = await store.segmentNumbers(
      target.id,
      segments.map((s) => s.id),
    );
    const flagged = checked.flagged.map((f) => ({ ...f, number: numbers.get(f.segmentId) ?? f.number }));
    return { target: { ...target, projectId: target.projectId }, result: { ...checked, flagged } };
  }

  /**
   * QA for the reply: the service's errors propagate (the write is tried again later), but what the data itself
   * makes impossible (a language code the matcher refuses, a timecode that cannot be read) would fail on every
   * try, so the reply goes without its QA line then, rather than never.
   */
  async #runForReply(targetId: string): Promise<QaRun | undefined> {
    try {
      return await this.run(targetId);
    } catch (error) {
      if (error instanceof RangeError || error instanceof TimecodeError || error instanceof TypeError) {
        this.#onUnusable?.(error, targetId);
        return undefined;
      }
      throw error;
    }
  }

  /**
   * A dubbed reply (key `dubbed:<target>.<attempt>`) with its QA line, or as it is when QA is off. A service
   * error propagates: the write is tried again later, like the subtitle files that need the same segments.
   */
  async addToReply(key: string, content: MessageContent): Promise<MessageContent> {
    const targetId = dubbedTargetId(key);
    if (targetId === undefined) return content;
    const run = await this.#runForReply(targetId);
    return run ? withQaLine(content, qaLine(run.result, targetId)) : content;
  }

  /** A replaced render's reply keeps its own QA line, without Review flagged (its buttons are gone). */
  keepLine(posted: unknown[] | undefined, content: MessageContent): MessageContent {
    const line = (posted as Block[] | undefined)?.find((block) => block.block_id === QA_BLOCK_ID);
    if (!line) return content;
    const { accessory: _button, ...kept } = line as Block & { accessory?: unknown };
    return withQaLine(content, kept as Block);
  }
}

/** The target of a dubbed reply's key; undefined for any other key. */
export function dubbedTargetId(key: string): string | undefined {
  return renderOfReplyKey(key)?.targetId;
}

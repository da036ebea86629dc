// Any other subtitle format of a render, on demand and once: posted in the thread as a file built from the
// project's segments (the outbox's `files` write, keyed by render and format, so a second request — or a double
// click — posts nothing new and is told where the file is).
import { SUBTITLE_FORMATS, type SubtitleFormat } from '@dubkit/subtitles';
import { languageName } from '../../domain/languages.ts';
import { renderReplyKey, shownRender } from '../../domain/renders.ts';
import type { FilesPayload, RenderPayload } from '../../outbox/payloads.ts';
import { FORMAT_LABELS, subtitleFileName } from '../../outbox/subtitle-files.ts';
import type { JobStore, OutboxStore } from '../../store/store.ts';

/** The key of the write of one format of one render: "format:<target>.<render>:<format>". */
const formatKey = (targetId: string, render: number, format: SubtitleFormat) =>
  `format:${targetId}.${render}:${format}`;

export type FormatOutcome = { ok: true; message: string } | { ok: false; problem: string };

export class OtherFormatsService {
  readonly #store: JobStore & OutboxStore;
  readonly #wakeDeliverer: () => void;
  readonly #now: () => number;

  constructor(options: { store: JobStore & OutboxStore; wakeDeliverer: () => void; now?: () => number }) {
    this.#store = options.store;
    this.#wakeDeliverer = options.wakeDeliverer;
    this.#now = options.now ?? Date.now;
  }

  /** The formats a render's reply does not carry, given the names of the files attached to it. */
  offered(attached: readonly string[], baseName: string | undefined): SubtitleFormat[] {
    if (!baseName) return [...SUBTITLE_FORMATS];
    return SUBTITLE_FORMATS.filter((format) => !attached.includes(subtitleFileName(baseName, format)));
  }

  /** The base name of a render's files ("keynote.es"); undefined when its reply carries none. */
  async baseNameOf(targetId: string, render: number): Promise<string | undefined> {
    const reply = await this.#store.getDelivery(renderReplyKey(targetId, render));
    return (reply?.payload as RenderPayload | undefined)?.files?.baseName;
  }

  /** Posts `format` of the render in the thread, once; says where it is when it was asked for before. */
  async request(
    targetId: string,
    render: number,
    format: SubtitleFormat,
    userId: string,
  ): Promise<FormatOutcome> {
    const target = await this.#store.getTarget(targetId);
    const reply = await this.#store.getDelivery(renderReplyKey(targetId, render));
    const files = (reply?.payload as RenderPayload | undefined)?.files;
    if (!target) return { ok: false, problem: 'That language is no longer part of the job.' };
    const language = languageName(target.dstLang);
    // `render` is the attempt (the key); people read the render's number among those delivered.
    const shown = shownRender(render, await this.#store.deliveredRenders(targetId));
    if (!reply || !files)
      return { ok: false, problem: `Render ${shown} of ${language} has no subtitles to convert.` };
    const name = subtitleFileName(files.baseName, format);
    const key = formatKey(target.id, render, format);
    if (await this.#store.getDelivery(key))
      return {
        ok: true,
        message: `${name} (${FORMAT_LABELS[format]} of render ${shown} of ${language}) was posted in this thread already, below render ${shown}’s reply: nothing new was posted.`,
      };
    await this.#store.enqueue(
      {
        key,
        jobId: reply.jobId,
        kind: 'files',
        inThread: true,
        payload: {
          ...files,
          formats: [format],
          comment: `${FORMAT_LABELS[format]} subtitles of render ${shown} of ${language}, asked for by <@${userId}>.`,
        } satisfies FilesPayload,
      },
      this.#now(),
    );
    this.#wakeDeliverer();
    return { ok: true, message: `Posting ${name} (${FORMAT_LABELS[format]}) in this thread.` };
  }
}

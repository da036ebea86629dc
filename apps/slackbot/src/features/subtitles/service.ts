// Subtitle drops: subtitle files (SRT, WebVTT, IMSC/TTML, EBU-TT-D, ASS) dropped with a video, or into a job's
// thread before Start, are read with @dubkit/subtitles (problems reported with their lines) and kept with the
// job as they came; when the job starts, each language's source/translation pair is checked again as a pair,
// uploaded as a transcription (src.0/dst.0), and the language's project is created with its transcript_id.

import { decodeSrtBytes, type SrtUpload, SrtUploadError } from '@dubkit/srt';
import { buildSubtitlesUpload, readSubtitles, type SubtitleSideInput } from '@dubkit/subtitles';
import type { Logger } from 'pino';
import type { SharedFile, SlackMessage } from '../../domain/requests.ts';
import type { DubbingService } from '../../dubbing/service.ts';
import type { ReadSlackFile } from '../../slack/files.ts';
import type { DeliveryInput, Job, JobStore, OutboxStore, Target } from '../../store/store.ts';
import type { FeatureServiceOptions } from '../service-options.ts';
import { type SubtitleLine, subtitlesReport, subtitlesSkipped } from './blocks.ts';
import { classifySubtitles, isSubtitleName } from './classify.ts';

const MAX_SRT_BYTES = 5 * 1024 * 1024;

export interface SubtitleServiceOptions extends FeatureServiceOptions<JobStore & OutboxStore> {
  downloadFile: ReadSlackFile;
  logger: Logger;
}

export class SubtitleService {
  readonly #o: SubtitleServiceOptions;
  readonly #store: SubtitleServiceOptions['store'];
  readonly #dubbing: DubbingService;
  readonly #now: () => number;

  constructor(options: SubtitleServiceOptions) {
    this.#o = options;
    this.#store = options.store;
    this.#dubbing = options.dubbing;
    this.#now = options.now ?? Date.now;
  }

  /**
   * A message of only subtitle files in a job's thread: kept for the job before it starts. `none` when the
   * message is not that; `refused` (with what to tell the person) when the job has started already.
   */
  async fromThread(
    eventId: string,
    message: SlackMessage,
  ): Promise<{ kind: 'none' | 'taken' } | { kind: 'refused'; problem: string }> {
    const files = subtitleFiles(message);
    if (!message.thread_ts || files.length === 0 || files.length !== (message.files ?? []).length) {
      return { kind: 'none' };
    }
    const job = await this.#store.jobByThread(message.channel, message.thread_ts);
    if (!job) return { kind: 'none' };
    if (!(await this.#store.recordEvent(`srt:${eventId}`, this.#now()))) return { kind: 'taken' };
    if (job.state !== 'picking') {
      return {
        kind: 'refused',
        problem: 'Subtitles can only be added before the dub starts; this one has started already.',
      };
    }
    await this.#take(job, files, message);
    return { kind: 'taken' };
  }

  /** The subtitle files that came with a video, for the job just opened for that message. */
  async withVideo(eventId: string, message: SlackMessage): Promise<void> {
    const files = subtitleFiles(message);
    if (files.length === 0) return;
    const job = await this.#store.jobByTrigger(`msg:${message.channel}:${message.ts}`);
    if (!job || !(await this.#store.recordEvent(`srt:${eventId}`, this.#now()))) return;
    await this.#take(job, files, message);
  }

  async #take(job: Job, files: SharedFile[], message: SlackMessage): Promise<void> {
    const read: { name: string; bytes: Uint8Array }[] = [];
    for (const file of files) {
      if (!file.url_private_download) continue;
      try {
        read.push({
          name: file.name ?? file.id,
          bytes: await this.#o.downloadFile(file.url_private_download, MAX_SRT_BYTES),
        });
      } catch (error) {
        this.#o.logger.warn({ err: error, file: file.id }, 'downloading a subtitle file failed');
      }
    }
    if (read.length === 0) return;
    await this.accept(job, read, message.user ?? job.userId, `subtitles:${job.id}:${message.ts}`);
    this.#o.wakeDeliverer();
  }

  /**
   * Checks dropped files and keeps the good ones with the job; the report is enqueued in the job's thread
   * under `reportKey` (once per message). False when the job has started already.
   */
  async accept(
    job: Job,
    files: { name: string; bytes: Uint8Array }[],
    userId: string,
    reportKey: string,
  ): Promise<boolean> {
    if (job.state !== 'picking') return false;
    const lines: SubtitleLine[] = [];
    const hasSource = (await this.#store.subtitlesOf(job.id)).some((s) => s.side === 'src');
    const sides = classifySubtitles(
      files.map((f) => f.name),
      job.srcLang,
      hasSource,
    );
    for (const [i, file] of files.entries()) {
      const decoded = decodeSrtBytes(file.bytes);
      const read = readSubtitles(decoded.text, { fileName: file.name });
      const cues = read.subtitles.cues.length;
      const issues = [...decoded.issues, ...read.issues];
      if (cues === 0 && !issues.some((i) => i.severity === 'error')) {
        issues.push({ line: 1, severity: 'error', code: 'no-cues', message: 'the file has no subtitles' });
      }
      const { side, lang } = sides[i]!;
      lines.push({ name: file.name, side, lang, cues, issues });
      if (!issues.some((i) => i.severity === 'error')) {
        await this.#store.addSubtitle(job.id, { name: file.name, side, lang, text: decoded.text });
      }
    }
    await this.#reply(
      job,
      reportKey,
      subtitlesReport({ userId, files: lines, pairs: await this.#pairProblems(job) }),
    );
    return true;
  }

  /** Translations that do not line up cue for cue with the source kept so far, per language. */
  async #pairProblems(
    job: Job,
  ): Promise<{ lang: string; issues: { line: number; message: string; side?: string }[] }[]> {
    const subtitles = await this.#store.subtitlesOf(job.id);
    const source = subtitles.find((s) => s.side === 'src');
    if (!source) return [];
    const problems = [];
    for (const translation of subtitles.filter((s) => s.side === 'dst' && s.lang)) {
      try {
        buildSubtitlesUpload({
          // The pairing does not depend on the language; the source's is checked when the dub starts.
          src: side(source, source.lang ?? job.srcLang ?? 'en'),
          dst: side(translation, translation.lang!),
        });
      } catch (error) {
        if (!(error instanceof SrtUploadError)) throw error;
        problems.push({
          lang: translation.lang!,
          issues: error.issues.filter((i) => i.severity === 'error'),
        });
      }
    }
    return problems;
  }

  /** Before the projects are created: a transcription per language that has subtitles. */
  async prepare(job: Job, targets: Target[]): Promise<void> {
    const subtitles = await this.#store.subtitlesOf(job.id);
    if (subtitles.length === 0) return;
    const source = subtitles.find((s) => s.side === 'src' || (s.lang !== null && s.lang === job.srcLang));
    for (const target of targets) {
      const options = await this.#store.targetOptions(job.id, target.dstLang);
      if (options?.transcriptId) continue;
      const translation = subtitles.find((s) => s.side === 'dst' && s.lang === target.dstLang);
      if (!source && !translation) continue;
      const srcLang = source ? (job.srcLang ?? source.lang) : null;
      if (source && !srcLang && !translation) {
        await this.#reply(
          job,
          `subtitles-skipped:${target.id}`,
          subtitlesSkipped({
            lang: target.dstLang,
            issues: [
              {
                line: 0,
                message:
                  'the source language is not known: pick it on the card (From …) to use the source subtitles',
              },
            ],
          }),
        );
        continue;
      }
      let upload: SrtUpload;
      try {
        upload = buildSubtitlesUpload({
          ...(source && srcLang ? { src: side(source, srcLang) } : {}),
          ...(translation ? { dst: side(translation, target.dstLang) } : {}),
        });
      } catch (error) {
        if (!(error instanceof SrtUploadError)) throw error;
        await this.#reply(
          job,
          `subtitles-skipped:${target.id}`,
          subtitlesSkipped({
            lang: target.dstLang,
            issues: error.issues.filter((i) => i.severity === 'error'),
          }),
        );
        continue;
      }
      const transcript = await this.#dubbing.createTranscript({ form: upload.form, query: upload.query });
      await this.#store.setTargetOptions(job.id, target.dstLang, {
        glossaryId: options?.glossaryId ?? null,
        transcriptId: transcript.id,
      });
    }
  }

  async #reply(job: Job, key: string, payload: unknown): Promise<void> {
    const delivery: DeliveryInput = { key, jobId: job.id, kind: 'reply', inThread: true, payload };
    await this.#store.enqueue(delivery, this.#now());
  }
}

function subtitleFiles(message: SlackMessage): SharedFile[] {
  return (message.files ?? []).filter((f) => isSubtitleName(f.name ?? ''));
}

/** A kept file as one side of the upload: its format told by its name (else by its content). */
function side(subtitle: { name: string; text: string }, lang: string): SubtitleSideInput {
  return { lang, file: subtitle.text, fileName: subtitle.name };
}

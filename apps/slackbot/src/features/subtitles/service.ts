// Subtitle drops: .srt files dropped with a video, or into a job's thread before Start, are checked with
// @dubkit/srt (problems reported with their lines) and kept with the job; when the job starts, each
// language's source/translation pair is checked again as a pair, uploaded as a transcription (src.0/dst.0),
// and the language's project is created with its transcript_id.
import { buildSrtUpload, decodeSrtBytes, parseSrt, SrtUploadError } from '@dubkit/srt';
import type { EditingService } from '../../jobs/editing-service.ts';
import type { DeliveryInput, Job, Store, Target } from '../../store/store.ts';
import { type SubtitleLine, subtitlesReport, subtitlesSkipped } from './blocks.ts';
import { classifySrt } from './classify.ts';

export class SubtitleService {
  readonly #store: Store;
  readonly #editing: EditingService;
  readonly #now: () => number;

  constructor(options: { store: Store; editing: EditingService; now?: () => number }) {
    this.#store = options.store;
    this.#editing = options.editing;
    this.#now = options.now ?? Date.now;
  }

  /**
   * Checks dropped files and keeps the good ones with the job; the report is enqueued in the job's thread
   * under `reportKey` (once per message). False when the job has started already.
   */
  async accept(job: Job, files: { name: string; bytes: Uint8Array }[], userId: string, reportKey: string): Promise<boolean> {
    if (job.state !== 'picking') return false;
    const lines: SubtitleLine[] = [];
    for (const file of files) {
      const decoded = decodeSrtBytes(file.bytes);
      const parsed = parseSrt(decoded.text);
      const issues = [...decoded.issues, ...parsed.issues];
      if (parsed.cues.length === 0 && !issues.some((i) => i.severity === 'error')) {
        issues.push({ line: 1, severity: 'error', code: 'no-cues', message: 'the file has no subtitles' });
      }
      const { side, lang } = classifySrt(file.name, job.srcLang);
      lines.push({ name: file.name, side, lang, cues: parsed.cues.length, issues });
      if (!issues.some((i) => i.severity === 'error')) {
        await this.#store.addSubtitle(job.id, { name: file.name, side, lang, text: decoded.text });
      }
    }
    await this.#reply(job, reportKey, subtitlesReport({ userId, files: lines, pairs: await this.#pairProblems(job) }));
    return true;
  }

  /** Translations that do not line up cue for cue with the source kept so far, per language. */
  async #pairProblems(job: Job): Promise<{ lang: string; issues: { line: number; message: string; side?: string }[] }[]> {
    const subtitles = await this.#store.subtitlesOf(job.id);
    const source = subtitles.find((s) => s.side === 'src');
    if (!source) return [];
    const problems = [];
    for (const translation of subtitles.filter((s) => s.side === 'dst' && s.lang)) {
      try {
        buildSrtUpload({
          // The pairing does not depend on the language; the source's is checked when the dub starts.
          src: { lang: source.lang ?? job.srcLang ?? 'en', srt: source.text },
          dst: { lang: translation.lang!, srt: translation.text },
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
                  'the source language is not known: pick it on the card (From …) to use a source .srt',
              },
            ],
          }),
        );
        continue;
      }
      let upload: ReturnType<typeof buildSrtUpload>;
      try {
        upload = buildSrtUpload({
          ...(source && srcLang ? { src: { lang: srcLang, srt: source.text } } : {}),
          ...(translation ? { dst: { lang: target.dstLang, srt: translation.text } } : {}),
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
      const transcript = await this.#editing.createTranscript({ form: upload.form, query: upload.query });
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

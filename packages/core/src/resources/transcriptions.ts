// Transcriptions made before a project, to start it from them: from JSON segments (`POST /v2/transcriptions`)
// or from .srt files (`POST /v2/transcriptions/srt`).
import { z } from 'zod';
import { type ApiPromise, apiPromise } from '../api-promise.ts';
import { dstLangSchema, srcLangSchema } from '../schemas/formats.ts';
import {
  type CreatedTranscription,
  createdTranscriptionSchema,
  type SrtTranscription,
  srtTranscriptionSchema,
  type TranscriptionCreateBody,
  transcriptionCreateBodySchema,
} from '../schemas/transcription.ts';
import type { CallOptions } from '../transport.ts';
import { checked, guarded, Resource } from './resource.ts';

const srtSchema = z.union([z.string().min(1, 'Expected the .srt text'), z.instanceof(Blob)]);

const srtFilesSchema = z
  .strictObject({
    src: z.strictObject({ lang: srcLangSchema, srt: srtSchema }).optional(),
    dst: z.strictObject({ lang: dstLangSchema, srt: srtSchema }).optional(),
  })
  .refine(
    (files) => files.src !== undefined || files.dst !== undefined,
    'Expected a src or a dst .srt file, or both',
  );

/** A form built elsewhere (for example by `@dubkit/srt`'s `buildSrtUpload`), sent as it is. */
export interface SrtForm {
  form: FormData;
  query: URLSearchParams;
}

const readyFormSchema: z.ZodType<SrtForm> = z.strictObject({
  form: z.instanceof(FormData),
  query: z.instanceof(URLSearchParams),
});

/** Source and/or destination subtitles; the text as a string or a Blob. */
export type SrtFiles = z.input<typeof srtFilesSchema>;

export class Transcriptions extends Resource {
  /**
   * `POST /v2/transcriptions`: a transcription from segments (`start`, `end`, `src`/`dst` as `{text, lang}`, and
   * either every segment names a speaker or none does). Give its `id` as `transcript_id` to `projects.create`.
   * Not retried after a timeout or a 5xx.
   */
  create(body: TranscriptionCreateBody, options?: CallOptions): ApiPromise<CreatedTranscription> {
    return guarded(() =>
      this.call({
        method: 'POST',
        path: '/v2/transcriptions',
        json: checked(transcriptionCreateBodySchema, body, 'transcription'),
        schema: createdTranscriptionSchema,
        options,
      }),
    );
  }

  /**
   * Sends files `src.0`/`dst.0` and the languages `src`/`dst` both as query parameters and as form fields
   * (the service description names both places). Paid: not retried after a timeout or a 5xx.
   */
  createFromSrt(input: SrtFiles | SrtForm, options?: CallOptions): ApiPromise<SrtTranscription> {
    const response = (async () => {
      const { form, query } =
        'form' in input ? checked(readyFormSchema, input, 'SRT upload') : buildForm(input);
      // The form is small (subtitles), so it is encoded once and can be resent as it is.
      const encoded = new Response(form);
      const contentType = encoded.headers.get('content-type') ?? 'multipart/form-data';
      const bytes = new Uint8Array(await encoded.arrayBuffer());
      return this.transport.request({
        method: 'POST',
        path: '/v2/transcriptions/srt',
        query,
        body: { contentType, length: bytes.byteLength, open: () => bytes, replayable: true },
        schema: srtTranscriptionSchema,
        options,
      });
    })();
    return apiPromise(response);
  }
}

function buildForm(input: SrtFiles): { form: FormData; query: URLSearchParams } {
  const files = checked(srtFilesSchema, input, 'SRT upload');
  const form = new FormData();
  const query = new URLSearchParams();
  for (const side of ['src', 'dst'] as const) {
    const file = files[side];
    if (!file) continue;
    query.set(side, file.lang);
    form.append(side, file.lang);
    const blob =
      typeof file.srt === 'string' ? new Blob([file.srt], { type: 'application/x-subrip' }) : file.srt;
    form.append(`${side}.0`, blob, `${side}.srt`);
  }
  return { form, query };
}

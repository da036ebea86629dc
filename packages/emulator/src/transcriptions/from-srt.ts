// POST /v2/transcriptions/srt: a transcription from a source and/or translated .srt file, in the documented
// form (files src.0/dst.0, languages src/dst in the query or the form) or the vendor SDK's (files src/dst,
// query src_lang/dst_lang). With both files the cues must pair up exactly.
import { randomUUID } from 'node:crypto';
import { dstLangSchema, srcLangSchema } from '@dubkit/core/schemas';
import { type Cue, parseSrt } from '@dubkit/srt';
import { invalid, unprocessable, type ValidationIssue } from './http/errors.ts';
import { boundaryOf, parseMultipart } from './http/multipart.ts';
import type { Account, Segment, Transcription } from './model.ts';
import { segmentView } from './projects/segments.ts';
import type { EmulatorState } from './state.ts';

const MAX_SRT_BYTES = 20 * 1024 * 1024;
const QUERY_KEYS = new Set(['src', 'dst', 'src_lang', 'dst_lang']);

type Side = 'src' | 'dst';

/** One language from wherever the client put it; two different values are a 422. */
function languageOf(side: Side, query: URLSearchParams, fields: Map<string, string[]>): string | undefined {
  const found = [
    ...query.getAll(side).map((value) => ({ value, loc: ['query', side] })),
    ...query.getAll(`${side}_lang`).map((value) => ({ value, loc: ['query', `${side}_lang`] })),
    ...(fields.get(side) ?? []).map((value) => ({ value, loc: ['body', side] })),
  ];
  const distinct = new Set(found.map((item) => item.value));
  if (distinct.size > 1) {
    throw invalid(
      found[1]!.loc,
      `The ${side} language is given twice with different values: ${[...distinct].join(', ')}`,
    );
  }
  const first = found[0];
  if (!first) return undefined;
  const result = (side === 'src' ? srcLangSchema : dstLangSchema).safeParse(first.value);
  if (!result.success) {
    throw invalid(
      first.loc,
      result.error.issues[0]?.message ?? 'Invalid language',
      'string_pattern_mismatch',
    );
  }
  return result.data;
}

function readCues(field: string, bytes: Uint8Array): Cue[] {
  const { cues, issues } = parseSrt(bytes);
  const errors = issues.filter((issue) => issue.severity === 'error');
  if (errors.length > 0) {
    throw unprocessable(
      errors.map(
        (issue): ValidationIssue => ({
          loc: ['body', field],
          msg: `line ${issue.line}: ${issue.message}`,
          type: 'srt_invalid',
        }),
      ),
    );
  }
  if (cues.length === 0)
    throw invalid(['body', field], 'Not an SRT file: no subtitle cue found', 'srt_invalid');
  return cues;
}

export async function createSrtTranscription(
  state: EmulatorState,
  account: Account,
  request: { contentType: string | undefined; body: AsyncIterable<Uint8Array>; query: URLSearchParams },
) {
  for (const key of request.query.keys()) {
    if (!QUERY_KEYS.has(key))
      throw invalid(['query', key], 'Extra inputs are not permitted', 'extra_forbidden');
  }
  const boundary = boundaryOf(request.contentType);
  if (!boundary) throw invalid(['body'], 'Expected a multipart/form-data body with a boundary');
  const files = new Map<string, Buffer[]>();
  let total = 0;
  const { fields } = await parseMultipart(request.body, boundary, {
    onFile(part) {
      const chunks: Buffer[] = [];
      files.set(part.name, chunks);
      return {
        write(chunk) {
          total += chunk.length;
          if (total > MAX_SRT_BYTES)
            throw invalid(['body', part.name], `SRT files are limited to ${MAX_SRT_BYTES} bytes`);
          chunks.push(Buffer.from(chunk));
        },
        async end() {},
      };
    },
  });
  for (const name of files.keys()) {
    if (!['src.0', 'dst.0', 'src', 'dst'].includes(name)) {
      throw invalid(['body', name], 'Unexpected file: send src.0 and/or dst.0', 'extra_forbidden');
    }
  }
  const fileOf = (side: Side) => {
    const documented = files.get(`${side}.0`);
    const sdk = files.get(side);
    if (documented && sdk) throw invalid(['body', side], `Send the ${side} file once, as ${side}.0`);
    if (documented) return { field: `${side}.0`, bytes: Buffer.concat(documented) };
    if (sdk) return { field: side, bytes: Buffer.concat(sdk) };
    return undefined;
  };
  const srcFile = fileOf('src');
  const dstFile = fileOf('dst');
  if (!srcFile && !dstFile)
    throw invalid(['body', 'src.0'], 'Field required: send src.0 and/or dst.0', 'missing');
  const srcLang = languageOf('src', request.query, fields);
  const dstLang = languageOf('dst', request.query, fields);
  const missing = (side: Side) => invalid(['query', side], `Field required: the ${side} language`, 'missing');
  if (srcFile && !srcLang) throw missing('src');
  if (dstFile && !dstLang) throw missing('dst');
  if (!srcFile && srcLang)
    throw invalid(['query', 'src'], 'Give the source language only with a source file (src.0)');
  if (!dstFile && dstLang)
    throw invalid(['query', 'dst'], 'Give the destination language only with a translated file (dst.0)');

  const srcCues = srcFile ? readCues(srcFile.field, srcFile.bytes) : undefined;
  const dstCues = dstFile ? readCues(dstFile.field, dstFile.bytes) : undefined;
  if (srcCues && dstCues) {
    const field = dstFile!.field;
    if (srcCues.length !== dstCues.length) {
      throw invalid(
        ['body', field],
        `The files do not align: ${srcCues.length} source cues, ${dstCues.length} translated cues`,
      );
    }
    srcCues.forEach((cue, index) => {
      const other = dstCues[index]!;
      if (cue.startMs !== other.startMs || cue.endMs !== other.endMs) {
        throw invalid(['body', field], `The files do not align at cue ${index + 1}: the timecodes differ`);
      }
    });
  }
  const base = (srcCues ?? dstCues)!;
  const segments: Segment[] = base.map((cue, index) => ({
    id: randomUUID(),
    startMs: cue.startMs,
    endMs: cue.endMs,
    srcText: srcCues?.[index]?.text ?? '',
    srcLang: srcLang ?? '',
    dstText: dstCues?.[index]?.text ?? '',
    dstLang: dstLang ?? '',
    speaker: 'SPEAKER_00',
    status: 'done',
  }));
  const transcription: Transcription = { id: randomUUID(), account, segments, srcLang, dstLang };
  state.transcriptions.set(transcription.id, transcription);
  return { id: transcription.id, segments: segments.map((segment) => segmentView(segment, true)) };
}

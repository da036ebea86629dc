// POST /v2/transcriptions/srt: a transcription from a source and/or translated .srt file, in the documented
// form (files src.0/dst.0, languages src/dst in the query or the form) or the vendor SDK's (files src/dst,
// query src_lang/dst_lang). With both files the cues must pair up exactly.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { type Cue, parseSrt } from '@dubkit/srt';
import { invalid, unprocessable, type ValidationIssue } from '../http/errors.ts';
import { readMultipart } from '../http/multipart.ts';
import type { Account, Segment } from '../model.ts';
import type { EmulatorState } from '../state.ts';
import { checkedLanguage, storeTranscription } from './store.ts';

const MAX_SRT_BYTES = 20 * 1024 * 1024;
/** The query parameters the endpoint takes: the documented `src`/`dst` and the vendor SDK's `src_lang`/`dst_lang`. */
export const SRT_QUERY = ['src', 'dst', 'src_lang', 'dst_lang'] as const;

type Side = 'src' | 'dst';

/** One language from wherever the client put it; two different values are a 422. */
function languageOf(
  side: Side,
  query: Map<string, string[]>,
  fields: Map<string, string[]>,
): string | undefined {
  const found = [
    ...(query.get(side) ?? []).map((value) => ({ value, loc: ['query', side] })),
    ...(query.get(`${side}_lang`) ?? []).map((value) => ({ value, loc: ['query', `${side}_lang`] })),
    ...(fields.get(side) ?? [])
      .filter((value) => value !== '')
      .map((value) => ({ value, loc: ['body', side] })),
  ];
  const distinct = new Set(found.map((item) => item.value));
  if (distinct.size > 1) {
    throw invalid(
      found[1]!.loc,
      `The ${side} language is given twice with different values: ${[...distinct].join(', ')}`,
    );
  }
  const first = found[0];
  return first ? checkedLanguage(side, first.value, first.loc) : undefined;
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
  incoming: IncomingMessage,
  query: Map<string, string[]>,
) {
  const files = new Map<string, Buffer[]>();
  const { fields } = await readMultipart(
    incoming,
    // Two files (src, dst) and their languages; the limits stop a flood of parts or a giant file early.
    { fileBytes: MAX_SRT_BYTES, files: 2, fields: 8, fieldBytes: 1024 },
    async (part) => {
      const chunks: Buffer[] = [];
      files.set(part.name, chunks);
      for await (const chunk of part.stream) chunks.push(chunk as Buffer);
    },
  );
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
  const srcLang = languageOf('src', query, fields);
  const dstLang = languageOf('dst', query, fields);
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
  return storeTranscription(state, account, segments, srcLang, dstLang);
}

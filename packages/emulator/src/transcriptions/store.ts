// What both ways of making a transcription share: checking a language as the service takes it, and storing the
// result for a project's `transcript_id`.
import { randomUUID } from 'node:crypto';
import { invalid } from '../http/errors.ts';
import type { Account, Segment, Transcription } from '../model.ts';
import { segmentView } from '../projects/segments.ts';
import { destinationLanguage, sourceLanguage } from '../spec/formats.ts';
import type { EmulatorState } from '../state.ts';

/** A source language without dialect, a destination language with an optional one; 422 at `loc` otherwise. */
export function checkedLanguage(side: 'src' | 'dst', value: string, loc: (string | number)[]): string {
  const result = (side === 'src' ? sourceLanguage : destinationLanguage).safeParse(value);
  if (!result.success) {
    throw invalid(loc, result.error.issues[0]?.message ?? 'Invalid language', 'string_pattern_mismatch');
  }
  return result.data;
}

/** Stores a transcription and answers `{id, segments}`. */
export function storeTranscription(
  state: EmulatorState,
  account: Account,
  segments: Segment[],
  srcLang: string | undefined,
  dstLang: string | undefined,
) {
  const transcription: Transcription = { id: randomUUID(), account, segments, srcLang, dstLang };
  state.transcriptions.set(transcription.id, transcription);
  return { id: transcription.id, segments: segments.map((segment) => segmentView(segment, true)) };
}

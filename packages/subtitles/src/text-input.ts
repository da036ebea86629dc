// Input of every reader: bytes decoded as @dubkit/srt decodes them, and for the line-based readers (WebVTT,
// ASS) lines with their numbers, whatever the line endings (LF, CRLF, CR).
import { decodeSrtBytes } from '@dubkit/srt';
import type { SubtitleIssue } from './model.ts';

/** The text of a file (BOM, UTF-16, Windows-1252 fallback as @dubkit/srt decodes them), a leading BOM left out. */
export function decodeInput(input: string | Uint8Array): { text: string; issues: SubtitleIssue[] } {
  const { text, issues } = typeof input === 'string' ? { text: input, issues: [] } : decodeSrtBytes(input);
  return { text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, issues };
}

/** The lines of a text, split once (native split on one pattern without quantifiers: linear). */
export function splitLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/);
}

// POST /v2/transcriptions: a transcription from JSON segments, as the SRT upload makes one from files. Each side's
// texts share one language (the transcription's); a segment without a speaker (then none has one) is SPEAKER_00.
import { randomUUID } from 'node:crypto';
import { invalid } from '../http/errors.ts';
import type { Account, Segment } from '../model.ts';
import { speakerName } from '../projects/synth.ts';
import type { TranscriptionCreateBody } from '../spec/segments.ts';
import type { EmulatorState } from '../state.ts';
import { checkedLanguage, storeTranscription } from './store.ts';

export function createJsonTranscription(
  state: EmulatorState,
  account: Account,
  body: TranscriptionCreateBody,
) {
  const languages: Record<'src' | 'dst', string | undefined> = { src: undefined, dst: undefined };
  body.segments.forEach((segment, index) => {
    for (const side of ['src', 'dst'] as const) {
      const text = segment[side];
      if (!text) continue;
      const loc = ['body', 'segments', index, side, 'lang'];
      const lang = checkedLanguage(side, text.lang, loc);
      if (languages[side] === undefined) languages[side] = lang;
      else if (languages[side] !== lang) {
        throw invalid(
          loc,
          `Every ${side} text of a transcription is in one language: ${languages[side]}, not ${lang}`,
        );
      }
    }
  });
  const segments = body.segments
    .map(
      (input): Segment => ({
        id: randomUUID(),
        startMs: input.start,
        endMs: input.end,
        srcText: input.src?.text ?? '',
        srcLang: languages.src ?? '',
        dstText: input.dst?.text ?? '',
        dstLang: languages.dst ?? '',
        speaker: input.speaker ?? speakerName(0),
        status: 'done',
      }),
    )
    .sort((a, b) => a.startMs - b.startMs);
  return storeTranscription(state, account, segments, languages.src, languages.dst);
}

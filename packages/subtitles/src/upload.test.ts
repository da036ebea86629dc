import { SrtUploadError } from '@dubkit/srt';
import { describe, expect, it } from 'vitest';
import { writeSubtitles } from './formats.ts';
import type { Subtitles } from './model.ts';
import { buildSubtitlesUpload } from './upload.ts';

const source: Subtitles = {
  lang: 'en',
  cues: [
    { startMs: 1000, endMs: 2000, lines: [[{ text: 'Hello', italic: true }]] },
    { startMs: 3000, endMs: 4500, lines: [[{ text: 'Goodbye' }]], position: 'top' },
  ],
};
const translation: Subtitles = {
  lang: 'es',
  cues: [
    { startMs: 1000, endMs: 2000, lines: [[{ text: 'Hola', italic: true }]] },
    { startMs: 3000, endMs: 4500, lines: [[{ text: 'Adiós' }]], position: 'top' },
  ],
};

describe('buildSubtitlesUpload', () => {
  it('sends a TTML source and an ASS translation as the src.0/dst.0 SRT pair', async () => {
    const upload = buildSubtitlesUpload({
      src: { lang: 'en', file: writeSubtitles(source, 'ttml'), fileName: 'episode.ttml' },
      dst: { lang: 'es', file: new TextEncoder().encode(writeSubtitles(translation, 'ass')) },
    });
    expect(upload.issues).toEqual([]);
    expect(upload.query.toString()).toBe('src=en&dst=es');
    const dst = upload.form.get('dst.0') as File;
    expect(dst.type).toBe('application/x-subrip');
    expect(await dst.text()).toBe(
      '1\r\n00:00:01,000 --> 00:00:02,000\r\n<i>Hola</i>\r\n\r\n2\r\n00:00:03,000 --> 00:00:04,500\r\n{\\an8}Adiós\r\n\r\n',
    );
    expect(await (upload.form.get('src.0') as File).text()).toContain('<i>Hello</i>');
  });

  it('refuses a pair that does not line up, naming the line of the cue in its own file', () => {
    const shifted: Subtitles = {
      ...translation,
      cues: [translation.cues[0]!, { ...translation.cues[1]!, startMs: 3100 }],
    };
    let error: unknown;
    try {
      buildSubtitlesUpload({
        src: { lang: 'en', file: writeSubtitles(source, 'vtt') },
        dst: { lang: 'es', file: writeSubtitles(shifted, 'ebu-tt-d') },
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(SrtUploadError);
    const issues = (error as SrtUploadError).issues.map(({ side, line, code }) => `${side}:${line}:${code}`);
    expect(issues).toEqual(['src:8:unpaired-cue', 'dst:27:unpaired-cue']);
  });

  it('refuses a file whose cues cannot be read, with what its reader reported', () => {
    expect(() =>
      buildSubtitlesUpload({ dst: { lang: 'es', file: '<tt xmlns="http://www.w3.org/ns/ttml"><body><p>' } }),
    ).toThrow(/dst line 1: error bad-xml[\s\S]*no-cues/);
  });

  it('keeps the source-language check of the SRT path', () => {
    expect(() =>
      buildSubtitlesUpload({ src: { lang: 'en-US', file: writeSubtitles(source, 'ass') } }),
    ).toThrow(/source-dialect/);
  });
});

import { describe, expect, it } from 'vitest';
import { SrtUploadError } from './errors.ts';
import { crlf, cue } from './test-support/vectors.ts';
import { buildSrtUpload } from './upload.ts';

const src = crlf(
  '1',
  '00:00:01,000 --> 00:00:02,000',
  'Hello',
  '',
  '2',
  '00:00:03,000 --> 00:00:04,000',
  'World',
  '',
);
const dstCues = [cue(1, 1000, 2000, 'Hola'), cue(2, 3000, 4000, 'Mundo')];

function refusal(build: () => unknown): SrtUploadError {
  try {
    build();
  } catch (error) {
    if (error instanceof SrtUploadError) return error;
    throw error;
  }
  throw new Error('expected an SrtUploadError');
}

describe('buildSrtUpload', () => {
  it('names the line a cue given with its line came from when it has no partner', () => {
    const shifted = [cue(1, 1000, 2000, 'Hola'), cue(2, 3100, 4000, 'Mundo'), cue(3, 0, 0, 'vacío')];
    const error = refusal(() =>
      buildSrtUpload({
        src: { lang: 'en', srt: src },
        dst: { lang: 'es', cues: shifted, lines: [7, 12, 15] },
      }),
    );
    expect(error.issues.map(({ side, line, code }) => `${side}:${line}:${code}`)).toEqual([
      'src:6:unpaired-cue',
      'dst:0:zero-duration',
      'dst:12:unpaired-cue',
    ]);
  });

  it('builds files src.0 and dst.0, fields src and dst, and the same languages in the query', async () => {
    const { form, query, issues } = buildSrtUpload({
      src: { lang: 'en', srt: src },
      dst: { lang: 'es-es', cues: dstCues },
    });
    expect(issues).toEqual([]);
    expect(query.toString()).toBe('src=en&dst=es-es');
    expect([...form.keys()]).toEqual(['src.0', 'src', 'dst.0', 'dst']);
    expect(form.get('src')).toBe('en');
    expect(form.get('dst')).toBe('es-es');
    const file = form.get('dst.0') as File;
    expect(file.name).toBe('dst.srt');
    expect(file.type).toBe('application/x-subrip');
    expect(await file.text()).toBe(
      '1\r\n00:00:01,000 --> 00:00:02,000\r\nHola\r\n\r\n2\r\n00:00:03,000 --> 00:00:04,000\r\nMundo\r\n\r\n',
    );
    expect(await (form.get('src.0') as File).text()).toBe(`${src}\r\n`);
  });

  it('sends one side alone', () => {
    const { form, query } = buildSrtUpload({ dst: { lang: 'pt-br', cues: dstCues } });
    expect([...form.keys()]).toEqual(['dst.0', 'dst']);
    expect(query.toString()).toBe('dst=pt-br');
  });

  it('goes ahead with warnings and returns them', () => {
    const overlapping = [cue(1, 1000, 2000, 'a'), cue(2, 1500, 3000, 'b')];
    expect(
      buildSrtUpload({ src: { lang: 'en', cues: overlapping } }).issues.map((issue) => issue.code),
    ).toEqual(['overlap']);
    const { issues } = buildSrtUpload({
      src: { lang: 'en', srt: src.replace('00:00:03,000', '00:00:01,500') },
    });
    expect(issues.map((issue) => `${issue.side} ${issue.line} ${issue.severity} ${issue.code}`)).toEqual([
      'src 6 warning overlap',
    ]);
  });

  it('refuses a source language with a dialect, naming the bare one', () => {
    const error = refusal(() => buildSrtUpload({ src: { lang: 'en-us', srt: src } }));
    expect(error.issues).toEqual([
      {
        line: 0,
        severity: 'error',
        code: 'source-dialect',
        message: 'the source language "en-us" has a dialect; the service takes it without one: "en"',
        side: 'src',
      },
    ]);
    expect(error.message).toContain('source-dialect');
  });

  it('refuses malformed languages', () => {
    expect(refusal(() => buildSrtUpload({ dst: { lang: 'ES', cues: dstCues } })).issues[0]?.code).toBe(
      'bad-language',
    );
    expect(refusal(() => buildSrtUpload({ src: { lang: '', srt: src } })).issues[0]?.code).toBe(
      'bad-language',
    );
  });

  it('refuses a pair that does not align, listing every unpaired cue', () => {
    const error = refusal(() =>
      buildSrtUpload({ src: { lang: 'en', srt: src }, dst: { lang: 'es', cues: dstCues.slice(0, 1) } }),
    );
    expect(error.issues.map((issue) => `${issue.side} ${issue.line} ${issue.code}`)).toEqual([
      'src 6 unpaired-cue',
    ]);
  });

  it('refuses a file with a cue it cannot use', () => {
    const error = refusal(() =>
      buildSrtUpload({ src: { lang: 'en', srt: src.replace('00:00:03,000 -->', '00:00:0x,000 -->') } }),
    );
    expect(error.issues.map((issue) => `${issue.side} ${issue.line} ${issue.code}`)).toEqual([
      'src 6 bad-timecode',
    ]);
  });

  it('refuses an upload with no file', () => {
    expect(refusal(() => buildSrtUpload({})).issues[0]?.code).toBe('no-file');
  });
});

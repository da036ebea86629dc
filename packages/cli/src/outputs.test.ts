import { join } from 'node:path';
import type { Project } from '@dubkit/core';
import { describe, expect, it } from 'vitest';
import { displayWidth, wrapToWidth } from './format.ts';
import { fileStem, outputPath, plannedOutputs, refuseCollisions } from './outputs.ts';

describe('fileStem', () => {
  it('keeps a plain name and makes a project name safe as a file name', () => {
    expect(fileStem('keynote', 'id')).toBe('keynote');
    expect(fileStem('Q3/Q4: "all hands" <final>', 'id')).toBe('Q3-Q4- -all hands- -final-');
    expect(fileStem('../../etc/passwd', 'id')).toBe('etc-passwd');
    expect(fileStem('  ', 'fallback-id')).toBe('fallback-id');
    expect(fileStem(undefined, 'fallback-id')).toBe('fallback-id');
  });
});

describe('plannedOutputs', () => {
  const project = {
    id: 'p1',
    dst_lang: 'pt-br',
    translated_video: 'https://files.example/p1/translated_video.mov?signature=abc',
    translated_audio: 'https://files.example/p1/translated_audio.wav',
    voiceover: 'https://files.example/p1/voiceover',
    translation_srt_path: 'https://files.example/p1/translation.srt',
    translation_vtt_path: null,
  } as unknown as Project;

  it('names each file by language and kind, its extension from the link, and leaves out missing links', () => {
    expect(plannedOutputs(project, '/out', 'talk', { formats: ['srt', 'vtt'] })).toEqual([
      { kind: 'video', link: project.translated_video, path: join('/out', 'talk.pt-br.mov') },
      { kind: 'audio', link: project.translated_audio, path: join('/out', 'talk.pt-br.audio.wav') },
      // No extension in the link: the kind's usual one.
      { kind: 'voiceover', link: project.voiceover, path: join('/out', 'talk.pt-br.voiceover.wav') },
      { kind: 'srt', link: project.translation_srt_path, path: join('/out', 'talk.pt-br.srt') },
    ]);
  });
});

describe('names from the service', () => {
  const project = {
    id: 'p1',
    dst_lang: 'es',
    translated_video: 'https://files.example/p1/video.sh',
    translated_audio: 'https://files.example/p1/audio.wav/..%2F..%2Fx',
    translation_srt_path: 'https://files.example/p1/translation.exe',
  } as unknown as Project;

  it('takes an extension from the link only when its kind may have it', () => {
    expect(plannedOutputs(project, '/out', 'talk', { formats: ['srt'] }).map((o) => o.path)).toEqual([
      join('/out', 'talk.es.mp4'),
      join('/out', 'talk.es.audio.wav'),
      join('/out', 'talk.es.srt'),
    ]);
  });

  it('refuses a language that is not in the list, and a name that leaves the folder', () => {
    for (const dst_lang of ['es/../../x', '..', 'ES', 'zz']) {
      expect(() => plannedOutputs({ ...project, dst_lang }, '/out', 'talk', { formats: ['srt'] })).toThrow(
        `the service gave project p1 the language ${JSON.stringify(dst_lang)}`,
      );
    }
    expect(outputPath('/out', 'talk.es.srt')).toBe(join('/out', 'talk.es.srt'));
    for (const name of ['../talk.es.srt', 'a/talk.es.srt', '/etc/passwd', '..']) {
      expect(() => outputPath('/out', name)).toThrow('would be written outside /out');
    }
  });
});

describe('refuseCollisions', () => {
  it('refuses two inputs saving under one name (any case), and one input given twice', () => {
    const target = (from: string, stem: string, lang = 'es') => ({ folder: '/out', stem, lang, from });
    expect(() => refuseCollisions([target('a/talk.mp4', 'talk'), target('b/talk.mp4', 'talk')])).toThrow(
      'a/talk.mp4 and b/talk.mp4 would both be saved as talk.es.*',
    );
    expect(() => refuseCollisions([target('a/Talk.mp4', 'Talk'), target('b/talk.mov', 'talk')])).toThrow(
      'would both be saved',
    );
    expect(() => refuseCollisions([target('talk.mp4', 'talk'), target('talk.mp4', 'talk')])).toThrow(
      'talk.mp4 is given twice',
    );
    expect(() =>
      refuseCollisions([target('a/talk.mp4', 'talk'), target('b/talk.mp4', 'talk', 'de')]),
    ).not.toThrow();
  });
});

describe('wrapToWidth', () => {
  it('breaks at spaces, keeps a word whole when it fits, splits one wider than the line, keeps the indent', () => {
    const id = '3f1c0d2e-5b7a-4c1e-9f0a-2d6b8e4c1a7f';
    expect(wrapToWidth(`pt-br: project ${id}`, 50)).toEqual(['pt-br: project', id]);
    expect(wrapToWidth('abcdefghij', 4)).toEqual(['abcd', 'efgh', 'ij']);
    expect(wrapToWidth('  /a/b c', 6)).toEqual(['  /a/b', '  c']);
    expect(wrapToWidth('日本語 テキスト', 8)).toEqual(['日本語', 'テキスト']);
    expect(displayWidth('日本語')).toBe(6);
    expect(displayWidth('español')).toBe(7);
  });
});

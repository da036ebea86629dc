import { join } from 'node:path';
import type { Project } from '@dubkit/core';
import { describe, expect, it } from 'vitest';
import { fileStem, plannedOutputs } from './outputs.ts';

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

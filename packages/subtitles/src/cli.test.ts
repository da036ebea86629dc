import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type CliIo, runCli } from './cli-run.ts';
import { readSubtitles } from './formats.ts';
import { cuesByAssCompiler, cuesByImsc, cuesByWebvttParser } from './test-support/independent.ts';

const FIXTURES: Record<string, Uint8Array> = {
  'episode.ass': readFileSync(new URL('./fixtures/aegisub.ass', import.meta.url)),
  'episode.ttml': readFileSync(new URL('./fixtures/netflix-imsc11.ttml', import.meta.url)),
  'video.mp4': new Uint8Array([0, 0, 0, 0x20, 0x66, 0x74, 0x79, 0x70, 0, 0, 0, 0]),
};

function run(...args: string[]) {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    readFile: (path) => {
      const file = FIXTURES[path];
      if (!file) throw new Error(`ENOENT: no such file, open '${path}'`);
      return file;
    },
  };
  const status = runCli(args, io);
  return { status, stdout, stderr };
}

describe('dubkit-subtitles', () => {
  it('converts ASS to IMSC 1.1 that imsc reads, saying what was dropped on the way, with lines', () => {
    const { status, stdout, stderr } = run('convert', 'episode.ass', '--to', 'ttml');
    expect(status).toBe(0);
    expect(stderr).toContain('episode.ass:29: warning dropped-override:');
    expect(cuesByImsc(stdout)).toHaveLength(6);
    expect(readSubtitles(stdout).subtitles.cues[0]).toMatchObject({ speaker: 'Kenji' });
  });

  it('converts IMSC to WebVTT, ASS and frame-snapped EBU-TT-D, and warns of what a format cannot hold', () => {
    const vtt = run('convert', 'episode.ttml', '--to', 'webvtt');
    expect(cuesByWebvttParser(vtt.stdout).map((cue) => cue.speaker)).toEqual([
      'Maya',
      undefined,
      'narrator',
      undefined,
    ]);
    expect(vtt.stderr).toBe(
      'episode.ttml: warning language-dropped: vtt has no place for the language; it is not written\n',
    );
    expect(cuesByAssCompiler(run('convert', 'episode.ttml', '--to', 'ass').stdout)).toHaveLength(4);
    const ebu = run('convert', 'episode.ttml', '--to', 'ebu-tt-d', '--frame-rate', '25', '--lang', 'en-GB');
    expect(ebu.stderr).toContain('speakers-dropped');
    expect(ebu.stdout).toContain('xml:lang="en-GB"');
    expect(cuesByImsc(ebu.stdout)[0]).toMatchObject({ startMs: 4120, endMs: 7120 });
  });

  it('checks a file and names its format', () => {
    expect(run('check', 'episode.ttml')).toEqual({
      status: 0,
      stdout: 'episode.ttml: ttml, 4 cues, 0 errors, 0 warnings\n',
      stderr: '',
    });
  });

  it('refuses a wrong command line with exit 2 and one line, and a video with exit 1', () => {
    const wrong = run('convert', 'episode.ass', '--to', 'docx');
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toBe(
      'dubkit-subtitles: --to takes one of srt, vtt, ttml, ebu-tt-d, ass, not docx\nRun dubkit-subtitles --help for the commands and their options.\n',
    );
    expect(run('convert', 'episode.ass').stderr).toContain('convert needs --to <format>');
    expect(run('convert', 'episode.ass', '--to', 'srt', '--frame-rate', '60').stderr).toContain(
      '--frame-rate takes one of 23.976',
    );
    expect(run('check', 'missing.srt').status).toBe(2);
    expect(run('check', 'video.mp4')).toMatchObject({
      status: 1,
      stderr: expect.stringContaining('not-text'),
    });
  });
});

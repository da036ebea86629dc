// `--formats` and `--frame-rate` through the real binary against the emulator: IMSC 1.1, EBU-TT-D and ASS are
// written from the service's SRT with the project's language, hold the same cues, never replace a file without
// --force, and an unknown format is refused before anything is uploaded.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readSubtitles, type SubtitleCue } from '@dubkit/subtitles';
import { describe, expect, it } from 'vitest';
import { resumeCommand } from './interrupt.ts';
import { clientOf, dubkit, emulator, VIDEO, workFolder } from './test-support/cli.ts';

const plain = (cues: readonly SubtitleCue[]) =>
  cues.map((cue) => ({
    startMs: cue.startMs,
    endMs: cue.endMs,
    text: cue.lines.map((line) => line.map((span) => span.text).join('')).join('\n'),
  }));

/** ASS keeps centiseconds: each time is the SRT's within half of one. */
const centiseconds = (cues: ReturnType<typeof plain>) =>
  cues.map((cue) => ({ ...cue, startMs: Math.round(cue.startMs / 10), endMs: Math.round(cue.endMs / 10) }));

describe('dubkit dub --formats', () => {
  it('writes IMSC 1.1 and ASS with the SRT’s cues and the language, and leaves out what was not asked for', async () => {
    const service = await emulator();
    const cwd = await workFolder();
    const base = ['--base-url', service.url, '--interval', '50'];
    const run = await dubkit(
      [...base, '--json', 'dub', VIDEO, '--to', 'es', '--formats', 'ttml,ass', '--out', 'dubs'],
      { cwd },
    );
    expect(run.code).toBe(0);
    expect((await readdir(join(cwd, 'dubs'))).sort()).toEqual(
      ['ass', 'audio.wav', 'mp4', 'ttml', 'voiceover.wav'].map((end) => `video-with-audio.es.${end}`),
    );
    const [project] = JSON.parse(run.stdout).projects;
    expect(project.files.ttml).toBe(join(cwd, 'dubs', 'video-with-audio.es.ttml'));
    expect(project.files.ass).toBe(join(cwd, 'dubs', 'video-with-audio.es.ass'));
    expect(project.files.srt).toBeUndefined();

    // The service's SRT of the same project, through `download`, to compare with.
    const srtRun = await dubkit([...base, 'download', project.id, '--formats', 'srt', '--out', 'srt'], {
      cwd,
    });
    expect(srtRun.code).toBe(0);
    expect(await readdir(join(cwd, 'srt'))).toContain('video-with-audio.es.srt');
    const srt = readSubtitles(await readFile(join(cwd, 'srt', 'video-with-audio.es.srt')), { format: 'srt' });
    const expected = plain(srt.subtitles.cues);
    expect(expected.length).toBeGreaterThan(0);

    const ttmlText = await readFile(join(cwd, 'dubs', 'video-with-audio.es.ttml'), 'utf8');
    expect(ttmlText).toContain('xml:lang="es"');
    const ttml = readSubtitles(ttmlText, { format: 'ttml' });
    expect(ttml.issues.filter((issue) => issue.severity === 'error')).toEqual([]);
    expect(ttml.subtitles.lang).toBe('es');
    expect(plain(ttml.subtitles.cues)).toEqual(expected);

    const ass = readSubtitles(await readFile(join(cwd, 'dubs', 'video-with-audio.es.ass')), {
      format: 'ass',
    });
    expect(ass.issues.filter((issue) => issue.severity === 'error')).toEqual([]);
    expect(centiseconds(plain(ass.subtitles.cues))).toEqual(centiseconds(expected));
  });

  it('writes EBU-TT-D on frames with download, and never replaces it without --force', async () => {
    const service = await emulator();
    const cwd = await workFolder();
    const base = ['--base-url', service.url, '--interval', '50'];
    expect((await dubkit([...base, 'dub', VIDEO, '--to', 'de', '--out', 'dubs'], { cwd })).code).toBe(0);
    const id = (await clientOf(service.url).projects.list()).projects[0]!.id;
    const args = [...base, 'download', id, '--formats', 'srt,ebu-tt-d', '--frame-rate', '25', '--out', 'ebu'];
    expect((await dubkit(args, { cwd })).code).toBe(0);
    const path = join(cwd, 'ebu', 'video-with-audio.de.ebu-tt-d.xml');
    const xml = await readFile(path, 'utf8');
    expect(xml).toContain('urn:ebu:tt');
    expect(xml).toContain('xml:lang="de"');
    const ebu = readSubtitles(xml, { format: 'ebu-tt-d' });
    const srt = readSubtitles(await readFile(join(cwd, 'ebu', 'video-with-audio.de.srt')), { format: 'srt' });
    // On 25 fps frames: every time a multiple of 40 ms, each within half a frame of the SRT's.
    expect(ebu.subtitles.cues).toHaveLength(srt.subtitles.cues.length);
    ebu.subtitles.cues.forEach((cue, i) => {
      expect(cue.startMs % 40).toBe(0);
      expect(Math.abs(cue.startMs - srt.subtitles.cues[i]!.startMs)).toBeLessThanOrEqual(20);
      expect(plain([cue])[0]!.text).toBe(plain([srt.subtitles.cues[i]!])[0]!.text);
    });

    await writeFile(path, 'mine');
    const again = await dubkit(args, { cwd });
    expect(again.code).toBe(2);
    expect(again.stderr).toContain(`  ${path}`);
    expect(await readFile(path, 'utf8')).toBe('mine');
    expect((await dubkit([...args, '--force'], { cwd })).code).toBe(0);
    expect(await readFile(path, 'utf8')).toContain('urn:ebu:tt');
  });

  it('refuses an unknown format or frame rate before uploading, with the accepted ones (exit 2)', async () => {
    const service = await emulator();
    const cwd = await workFolder();
    const base = ['--base-url', service.url];
    const run = await dubkit([...base, 'dub', VIDEO, '--to', 'es', '--formats', 'srt,docx'], { cwd });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      'dubkit: --formats: "docx" is no subtitle format dubkit writes; use any of srt, vtt, ttml, ebu-tt-d, ass',
    );
    expect(run.stderr).not.toContain('upload');
    const rate = await dubkit(
      [...base, 'dub', VIDEO, '--to', 'es', '--formats', 'ttml', '--frame-rate', '60'],
      {
        cwd,
      },
    );
    expect(rate.code).toBe(2);
    expect(rate.stderr).toContain('--frame-rate: "60" is not one dubkit knows; use one of 23.976, 24, 25');
    expect((await clientOf(service.url).projects.list()).total).toBe(0);
    await expect(readdir(join(cwd, 'dubs'))).rejects.toThrow();
  });

  it('repeats --formats and --frame-rate after the command in a resume hint', () => {
    expect(
      resumeCommand(['wait', 'p1'], 'out', [
        '--base-url',
        'http://h',
        '--formats',
        'ttml',
        '--frame-rate',
        '25',
        '--force',
      ]),
    ).toBe('dubkit --base-url http://h wait p1 --out out --formats ttml --frame-rate 25 --force');
  });
});

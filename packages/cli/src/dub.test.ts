import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { DubbingClient } from '@dubkit/core';
import { parseSrt } from '@dubkit/srt';
import { describe, expect, it } from 'vitest';
import { run } from './program.ts';
import { dubkit, emulator, start, TOKEN, VIDEO, workFolder } from './test-support/cli.ts';

const FILES = ['audio.wav', 'mp4', 'srt', 'voiceover.wav', 'vtt'];

describe('dubkit dub', () => {
  it('dubs a video into two languages and saves every output of each', async () => {
    const service = await emulator();
    const cwd = await workFolder();
    const run = await dubkit(
      ['--base-url', service.url, '--interval', '50', 'dub', VIDEO, '--to', 'es,de-de', '--out', 'dubs'],
      { cwd },
    );
    expect(run.code).toBe(0);
    const names = (await readdir(join(cwd, 'dubs'))).sort();
    expect(names).toEqual(
      ['de-de', 'es'].flatMap((lang) => FILES.map((file) => `video-with-audio.${lang}.${file}`)).sort(),
    );
    // The dubbed video of the emulator is the uploaded one; audio is WAV; subtitles are real SRT and WebVTT.
    const video = await readFile(join(cwd, 'dubs', 'video-with-audio.es.mp4'));
    expect(video.equals(await readFile(VIDEO))).toBe(true);
    const audio = await readFile(join(cwd, 'dubs', 'video-with-audio.de-de.voiceover.wav'));
    expect(audio.subarray(0, 4).toString('latin1')).toBe('RIFF');
    const srt = await readFile(join(cwd, 'dubs', 'video-with-audio.es.srt'));
    const parsed = parseSrt(srt);
    expect(parsed.cues.length).toBeGreaterThan(0);
    expect(parsed.issues.filter((issue) => issue.severity === 'error')).toEqual([]);
    const vtt = await readFile(join(cwd, 'dubs', 'video-with-audio.es.vtt'), 'utf8');
    expect(vtt.startsWith('WEBVTT')).toBe(true);
    // Where the files are is said on standard output, one line per language and per file.
    expect(run.stdout).toMatch(/^es: done, project [0-9a-f-]{36}$/m);
    expect(run.stdout).toContain(join(cwd, 'dubs', 'video-with-audio.de-de.vtt'));
    // Without a terminal: no bars, one line per change.
    expect(run.stderr).toMatch(/^upload video-with-audio\.mp4: done in/m);
    expect(run.stderr).toMatch(/^de-de: Done, 5 files saved \(0:\d\d\)$/m);
    expect(run.stderr).not.toContain('\u001b[');
  });

  it('draws bars on a terminal: the upload and a line per language with its stage', async () => {
    const service = await emulator();
    const cwd = await workFolder();
    const terminal = Object.assign(new PassThrough(), { isTTY: true, columns: 120, rows: 40 });
    let drawn = '';
    terminal.on('data', (chunk: Buffer) => {
      drawn += chunk.toString();
    });
    const stdout = new PassThrough();
    const code = await run(
      ['--base-url', service.url, '--interval', '50', 'dub', VIDEO, '--to', 'es,fr', '--out', 'dubs'],
      { stdout, stderr: terminal, env: { DUBKIT_TOKEN: TOKEN }, cwd },
    );
    expect(code).toBe(0);
    expect(drawn).toContain('\u001b['); // cursor movements: the bars are redrawn in place
    expect(drawn).toMatch(/upload video-with-audio\.mp4: 11 KiB sent in 0:\d\d/);
    expect(drawn).toMatch(/es +█+ Done, 5 files saved {2}0:\d\d/);
    expect(drawn).toMatch(/fr +[█░]+ \w/);
    expect((await readdir(join(cwd, 'dubs'))).length).toBe(10);
  });

  it('prints one JSON document with --json, the projects as the service has them', async () => {
    const service = await emulator();
    const cwd = await workFolder();
    const run = await dubkit(
      [
        '--json',
        '--base-url',
        service.url,
        '--interval',
        '50',
        'dub',
        VIDEO,
        '--to',
        'pt-br',
        '--from',
        'en',
      ],
      { cwd },
    );
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result.projects).toHaveLength(1);
    const [project] = result.projects;
    expect(project).toMatchObject({ language: 'pt-br', status: 'merging_done', failed: false });
    expect(Object.keys(project.files).sort()).toEqual(['audio', 'srt', 'video', 'voiceover', 'vtt']);
    expect(project.files.srt).toBe(join(cwd, 'dubs', 'video-with-audio.pt-br.srt'));
    const client = new DubbingClient({ baseUrl: service.url, token: TOKEN, env: {}, logLevel: 'off' });
    try {
      const record = await client.projects.get(project.id);
      expect(record).toMatchObject({ src_lang: 'en', dst_lang: 'pt-br', name: 'video-with-audio' });
    } finally {
      await client.close();
    }
  });

  it('starts from a glossary and subtitles: one glossary per language, the translation file for its language', async () => {
    const service = await emulator();
    const cwd = await workFolder();
    await writeFile(join(cwd, 'terms.csv'), 'en,es,de\nkeynote,ponencia,Vortrag\n');
    const timing = '1\n00:00:00,000 --> 00:00:01,500\n';
    await writeFile(join(cwd, 'talk.en.srt'), `${timing}Welcome to the keynote.\n`);
    await writeFile(join(cwd, 'talk.es.srt'), `${timing}Bienvenidos a la ponencia.\n`);
    const run = await dubkit(
      [
        '--json',
        '--base-url',
        service.url,
        '--interval',
        '50',
        'dub',
        VIDEO,
        '--to',
        'es,de',
        '--from',
        'en',
        '--glossary',
        'terms.csv',
        '--srt',
        'talk.en.srt,talk.es.srt',
      ],
      { cwd },
    );
    expect(run.code).toBe(0);
    const client = new DubbingClient({ baseUrl: service.url, token: TOKEN, env: {}, logLevel: 'off' });
    try {
      for (const { id, language } of JSON.parse(run.stdout).projects) {
        const project = await client.projects.get(id);
        const glossary = await client.glossaries.get(project.glossary_id!);
        expect(glossary).toMatchObject({ src_lang: 'en', dst_lang: language });
        expect(glossary.entries).toEqual({ keynote: language === 'es' ? 'ponencia' : 'Vortrag' });
        const { segments } = await client.transcription.get(id);
        expect(segments.map((segment) => segment.src?.text)).toEqual(['Welcome to the keynote.']);
        if (language === 'es') expect(segments[0]!.dst?.text).toBe('Bienvenidos a la ponencia.');
      }
    } finally {
      await client.close();
    }
    const srt = await readFile(join(cwd, 'dubs', 'video-with-audio.es.srt'), 'utf8');
    expect(srt).toContain('Bienvenidos a la ponencia.');
  });

  it('refuses a glossary with errors before uploading anything (exit 1)', async () => {
    const service = await emulator();
    const cwd = await workFolder();
    await writeFile(join(cwd, 'terms.csv'), 'en,es\nkeynote,ponencia\nkeynote,discurso\n');
    const run = await dubkit(
      ['--base-url', service.url, 'dub', VIDEO, '--to', 'es', '--glossary', 'terms.csv'],
      {
        cwd,
      },
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^terms\.csv:3(:\d+)?: error conflicting-entry: /m);
    expect(run.stderr).not.toContain('upload');
  });

  it('dubs a link the service fetches itself, naming the files after the video', async () => {
    const service = await emulator();
    const cwd = await workFolder();
    const run = await dubkit(
      [
        '--base-url',
        service.url,
        '--interval',
        '50',
        'dub',
        'https://www.youtube.com/watch?v=abc123',
        '--to',
        'de',
      ],
      { cwd },
    );
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/^Linking https:\/\/www\.youtube\.com\/watch\?v=abc123$/m);
    expect((await readdir(join(cwd, 'dubs'))).sort()).toEqual(
      FILES.map((file) => `abc123.de.${file}`).sort(),
    );
  });

  it('checks the minutes before uploading: too few for every language, nothing is sent (exit 1)', async () => {
    // The fixture is a few seconds long: each project reserves one minute, two languages need two.
    const service = await emulator({ credits: { minutes: 1 } });
    const cwd = await workFolder();
    const run = await dubkit(['--base-url', service.url, '--interval', '50', 'dub', VIDEO, '--to', 'es,de'], {
      cwd,
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      'dubkit: dubbing into 2 languages needs 2 minutes and 2 videos; the account has 1 minute and 1000 videos left (`dubkit credits`); no project was created',
    );
    expect(run.stderr).not.toContain('upload');
    const client = new DubbingClient({ baseUrl: service.url, token: TOKEN, env: {}, logLevel: 'off' });
    try {
      expect((await client.projects.list()).projects).toEqual([]);
    } finally {
      await client.close();
    }
  });

  it('exits 1 and says which stage failed when the projects fail', async () => {
    const service = await emulator({ faults: { failStage: 'translation' } });
    const cwd = await workFolder();
    const run = await dubkit(
      ['--json', '--base-url', service.url, '--interval', '50', 'dub', VIDEO, '--to', 'es'],
      { cwd },
    );
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout).projects[0]).toMatchObject({
      language: 'es',
      status: 'translation_failed',
      failed: true,
      error: 'Translation failed',
    });
    expect(run.stderr).toMatch(/^es: Failed: Translation failed/m);
  });

  it('stops waiting on Ctrl-C, says how to resume, and `wait` then finishes and downloads', async () => {
    // Slow enough that the projects are still running when Ctrl-C comes.
    const service = await emulator({ speed: 1 });
    const cwd = await workFolder();
    const running = start(
      ['--base-url', service.url, '--interval', '50', 'dub', VIDEO, '--to', 'es,de', '--out', 'out'],
      { cwd },
    );
    await running.waitForStderr(/^(es|de): project /m, 2);
    running.child.kill('SIGINT');
    const stopped = await running.done;
    expect(stopped.code).toBe(130);
    const ids = [...stopped.stderr.matchAll(/^(?:es|de): project ([0-9a-f-]{36})$/gm)].map(
      (match) => match[1]!,
    );
    expect(ids).toHaveLength(2);
    expect(stopped.stderr).toContain('the projects go on at the service');
    // The hint repeats the run's flags: without --base-url it would wait at the hosted service.
    expect(stopped.stderr).toContain(
      `dubkit --base-url ${service.url} --interval 50 wait ${ids.join(' ')} --out out\n`,
    );
    expect(stopped.stderr).toContain(
      `dubkit --base-url ${service.url} --interval 50 download ${ids[0]} --out out`,
    );

    // The projects were not cancelled: they still move on at the service.
    service.advanceClock(3_600_000);
    const resumed = await dubkit(
      ['--base-url', service.url, '--interval', '50', 'wait', ...ids, '--out', 'out'],
      { cwd },
    );
    expect(resumed.code).toBe(0);
    expect((await readdir(join(cwd, 'out'))).sort()).toEqual(
      ['de', 'es'].flatMap((lang) => FILES.map((file) => `video-with-audio.${lang}.${file}`)).sort(),
    );

    const again = await dubkit(['--base-url', service.url, 'download', ids[1]!, '--out', 'again'], { cwd });
    expect(again.code).toBe(0);
    expect(again.stdout.trim().split('\n')).toHaveLength(5);
  });

  it('refuses a missing file and a bad language before sending anything (exit 2)', async () => {
    const service = await emulator();
    const cwd = await workFolder();
    const missing = await dubkit(['--base-url', service.url, 'dub', 'nope.mp4', '--to', 'es'], { cwd });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('dubkit: cannot read nope.mp4: there is no such file');
    const badLanguage = await dubkit(['--base-url', service.url, 'dub', VIDEO, '--to', 'spanish!'], { cwd });
    expect(badLanguage.code).toBe(2);
    const noLanguage = await dubkit(['--base-url', service.url, 'dub', VIDEO], { cwd });
    expect(noLanguage.code).toBe(2);
    expect(noLanguage.stderr).toContain('dubkit: dub needs --to: the languages to dub into');
    const misspelt = await dubkit(['--base-url', service.url, 'dub', VIDEO, '--too', 'es'], { cwd });
    expect(misspelt.code).toBe(2);
    expect(misspelt.stderr).toContain("error: unknown option '--too'");
    const client = new DubbingClient({ baseUrl: service.url, token: TOKEN, env: {}, logLevel: 'off' });
    try {
      expect((await client.projects.list()).projects).toEqual([]);
    } finally {
      await client.close();
    }
  });
});

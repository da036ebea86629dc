// The CLI as a new user meets it, through the real binary against the emulator: languages checked against the
// service's list, files never replaced without --force, the minutes and the file's kind checked before
// anything is sent, messages in the CLI's words, `render` after an edit, and `auth login`.
import { copyFile, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { LANGUAGES } from '@dubkit/core';
import { parseSrt, serializeSrt } from '@dubkit/srt';
import { describe, expect, it } from 'vitest';
import { displayWidth } from './format.ts';
import { run } from './program.ts';
import { clientOf, dubkit, emulator, FIXTURES, TOKEN, VIDEO, workFolder } from './test-support/cli.ts';

async function projectCount(url: string): Promise<number> {
  return (await clientOf(url).projects.list()).total;
}

describe('languages', () => {
  it('refuses a language the service does not know before uploading, naming the nearest (exit 2)', async () => {
    const service = await emulator();
    const cwd = await workFolder();
    const base = ['--base-url', service.url];
    const sp = await dubkit([...base, 'dub', VIDEO, '--to', 'sp'], { cwd });
    expect(sp.code).toBe(2);
    expect(sp.stderr).toContain(
      'dubkit: --to: "sp" is not a language the service knows; did you mean es (Spanish)? `dubkit languages` lists them all',
    );
    expect(sp.stderr).not.toContain('upload');
    for (const to of ['xx', 'es,zz-zz']) {
      expect((await dubkit([...base, 'dub', VIDEO, '--to', to], { cwd })).code).toBe(2);
    }
    const from = await dubkit([...base, 'dub', VIDEO, '--to', 'es', '--from', 'en-us'], { cwd });
    expect(from.code).toBe(2);
    expect(from.stderr).toContain(
      '--from: "en-us" is a dialect, and the language spoken is given without one; did you mean en (English)?',
    );
    expect(await projectCount(service.url)).toBe(0);
    expect((await clientOf(service.url).credits.get()).minutes.used).toBe(0);
  });

  it('lists the languages, with --json too', async () => {
    const cwd = await workFolder();
    const listed = await dubkit(['languages'], { cwd });
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/^es +Spanish +yes +español$/m);
    expect(listed.stdout).toMatch(/^pt-br +Brazilian Portuguese +no +português \(Brasil\)$/m);
    // Every column after the code starts at the same screen column, whatever script the names are in.
    const lines = listed.stdout.trimEnd().split('\n');
    const nativeAt = new Set(lines.map((line) => displayWidth(line.slice(0, line.lastIndexOf('  ') + 2))));
    expect(nativeAt.size).toBe(1);
    expect(lines.some((line) => /[\u0600-\u06ff]/.test(line))).toBe(true);
    const json = await dubkit(['--json', 'languages'], { cwd });
    expect(JSON.parse(json.stdout).languages).toEqual(LANGUAGES);
  });
});

describe('files', () => {
  it('never replaces a downloaded file without --force: names them, exit 2, nothing uploaded', async () => {
    const service = await emulator();
    const cwd = await workFolder();
    const base = ['--base-url', service.url, '--interval', '50'];
    expect((await dubkit([...base, 'dub', VIDEO, '--to', 'es', '--out', 'dubs'], { cwd })).code).toBe(0);
    const edited = join(cwd, 'dubs', 'video-with-audio.es.srt');
    await writeFile(edited, '1\n00:00:00,000 --> 00:00:01,000\nmine\n');

    const again = await dubkit([...base, 'dub', VIDEO, '--to', 'es', '--out', 'dubs'], { cwd });
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('these files exist and would be replaced:');
    expect(again.stderr).toContain(`  ${edited}`);
    expect(again.stderr).not.toContain('upload');
    expect(await readFile(edited, 'utf8')).toContain('mine');
    expect(await projectCount(service.url)).toBe(1);

    const id = (await clientOf(service.url).projects.list()).projects[0]!.id;
    const download = await dubkit([...base, 'download', id, '--out', 'dubs'], { cwd });
    expect(download.code).toBe(2);
    expect(await readFile(edited, 'utf8')).toContain('mine');

    const forced = await dubkit([...base, 'dub', VIDEO, '--to', 'es', '--out', 'dubs', '--force'], { cwd });
    expect(forced.code).toBe(0);
    expect(await readFile(edited, 'utf8')).not.toContain('mine');
  });

  it('refuses an image, an audio file and a text file before uploading them (exit 1)', async () => {
    const service = await emulator();
    const cwd = await workFolder();
    for (const [file, what] of [
      ['image.png', 'an image file (PNG)'],
      ['audio.mp3', 'an audio file (MP3)'],
      ['text.txt', 'a text file'],
    ]) {
      const path = join(FIXTURES, file!);
      const refused = await dubkit(['--base-url', service.url, 'dub', path, '--to', 'es'], { cwd });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(`dubkit: ${path} is ${what}; dub takes a video file`);
      expect(refused.stderr).not.toMatch(/^upload /m);
    }
  });

  it('refuses a video without a sound track before uploading it, with --dry-run too (exit 1)', async () => {
    const service = await emulator();
    const cwd = await workFolder();
    const silent = join(FIXTURES, 'video-no-audio.mp4');
    for (const extra of [[], ['--dry-run']]) {
      const refused = await dubkit(['--base-url', service.url, 'dub', silent, '--to', 'es', ...extra], {
        cwd,
      });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(`dubkit: ${silent} has no sound track: there is no speech to dub`);
      expect(refused.stderr).not.toMatch(/^upload /m);
    }
    expect(await projectCount(service.url)).toBe(0);
  });

  it('refuses two inputs with the same file name before uploading, with --dry-run too (exit 2)', async () => {
    const service = await emulator();
    const cwd = await workFolder();
    for (const dir of ['a', 'b']) {
      await mkdir(join(cwd, dir));
      await copyFile(VIDEO, join(cwd, dir, 'talk.mp4'));
    }
    for (const extra of [[], ['--dry-run']]) {
      const run = await dubkit(
        ['--base-url', service.url, 'dub', 'a/talk.mp4', 'b/talk.mp4', '--to', 'es', '--out', 'o', ...extra],
        { cwd },
      );
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('a/talk.mp4 and b/talk.mp4 would both be saved as talk.es.*');
      expect(run.stdout).not.toContain('Dry run');
    }
    expect(await projectCount(service.url)).toBe(0);
  });

  it('is not stopped by a file the run would not write (an .ass without --formats ass)', async () => {
    const service = await emulator();
    const cwd = await workFolder();
    await mkdir(join(cwd, 'o'));
    await writeFile(join(cwd, 'o', 'video-with-audio.es.ass'), 'mine');
    const base = ['--base-url', service.url, 'dub', VIDEO, '--to', 'es', '--out', 'o', '--dry-run'];
    expect((await dubkit(base, { cwd })).code).toBe(0);
    const withAss = await dubkit([...base, '--formats', 'srt,ass'], { cwd });
    expect(withAss.code).toBe(2);
    expect(withAss.stderr).toContain(join(cwd, 'o', 'video-with-audio.es.ass'));
  });

  it('dubs several files in one run, each into each language', async () => {
    const service = await emulator();
    const cwd = await workFolder();
    await copyFile(VIDEO, join(cwd, 'intro.mp4'));
    await copyFile(VIDEO, join(cwd, 'outro.mp4'));
    const both = await dubkit(
      ['--base-url', service.url, '--interval', '50', 'dub', 'intro.mp4', 'outro.mp4', '--to', 'es,de'],
      { cwd },
    );
    expect(both.code).toBe(0);
    const names = await readdir(join(cwd, 'dubs'));
    for (const stem of ['intro', 'outro']) {
      for (const lang of ['es', 'de']) expect(names).toContain(`${stem}.${lang}.srt`);
    }
    expect(await projectCount(service.url)).toBe(4);
  });
});

describe('term lists', () => {
  it('says a two-language header lacks the language of --to, not that it names no languages', async () => {
    const service = await emulator();
    const cwd = await workFolder();
    await writeFile(join(cwd, 'terms.csv'), 'English,Spanish\nkeynote,ponencia\n');
    const run = await dubkit(
      ['--base-url', service.url, 'dub', VIDEO, '--to', 'de', '--glossary', 'terms.csv'],
      {
        cwd,
      },
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      'terms.csv:1: error language-not-found: no column for the target language "de"',
    );
    expect(run.stderr).not.toContain('a header row naming the languages');
    expect(run.stderr).toContain('dubkit: terms.csv: 1 error; nothing was sent');
  });
});

describe('plans and minutes', () => {
  it('prints the plan and its minutes with --dry-run, uploading and creating nothing', async () => {
    const service = await emulator();
    const cwd = await workFolder();
    const plan = await dubkit(['--base-url', service.url, 'dub', VIDEO, '--to', 'es,de', '--dry-run'], {
      cwd,
    });
    expect(plan.code).toBe(0);
    expect(plan.stdout).toContain(`${VIDEO}: es, de (2 minutes)`);
    expect(plan.stdout).toContain('the account has 6000 minutes');
    expect(plan.stdout).toContain('Dry run: nothing was uploaded or created.');
    expect(plan.stderr).not.toContain('upload');
    expect(await projectCount(service.url)).toBe(0);
  });
});

describe('messages in the words of the command line', () => {
  it('checks --base-url and gives a link without https:// a hint', async () => {
    const cwd = await workFolder();
    const noScheme = await dubkit(['--base-url', 'localhost:4010', 'credits'], { cwd });
    expect(noScheme.code).toBe(2);
    expect(noScheme.stderr).toContain(
      'dubkit: --base-url takes the service\'s address with http:// or https://, such as https://api.rask.ai or http://127.0.0.1:4010; not "localhost:4010"',
    );
    const withToken = await dubkit(['--base-url', 'http://me:secret@127.0.0.1:4010', 'credits'], { cwd });
    expect(withToken.code).toBe(2);
    expect(withToken.stderr).toContain('put the token in DUBKIT_TOKEN');
    expect(withToken.stderr).not.toContain('secret');
    const fromEnv = await dubkit(['credits'], { cwd, env: { DUBKIT_BASE_URL: 'api.example' } });
    expect(fromEnv.stderr).toContain('dubkit: DUBKIT_BASE_URL takes the service');
    const service = await emulator();
    const link = await dubkit(['--base-url', service.url, 'dub', 'vimeo.com/123', '--to', 'es'], { cwd });
    expect(link.code).toBe(2);
    expect(link.stderr).toContain('write it with its scheme: https://vimeo.com/123');
  });

  it('prints only results with --quiet', async () => {
    const service = await emulator();
    const cwd = await workFolder();
    const quiet = await dubkit(
      ['--base-url', service.url, '--interval', '50', '--quiet', 'dub', VIDEO, '--to', 'es'],
      {
        cwd,
      },
    );
    expect(quiet.code).toBe(0);
    expect(quiet.stderr).toBe('');
    expect(quiet.stdout).toMatch(/^es: done, project [0-9a-f-]{36}$/m);
    // No bars on a terminal either.
    const terminal = Object.assign(new PassThrough(), { isTTY: true, columns: 120, rows: 40 });
    let drawn = '';
    terminal.on('data', (chunk: Buffer) => {
      drawn += chunk.toString();
    });
    const code = await run(
      ['--base-url', service.url, '--interval', '50', '--quiet', 'dub', VIDEO, '--to', 'es', '--out', 'tty'],
      { stdout: new PassThrough(), stderr: terminal, env: { DUBKIT_TOKEN: TOKEN }, cwd },
    );
    expect(code).toBe(0);
    expect(drawn).toBe('');
  });
});

describe('dubkit render', () => {
  it('renders an edited project again, follows it and downloads; wait says so instead of waiting forever', async () => {
    const service = await emulator();
    const cwd = await workFolder();
    const base = ['--base-url', service.url, '--interval', '50'];
    expect((await dubkit([...base, 'dub', VIDEO, '--to', 'es', '--out', 'first'], { cwd })).code).toBe(0);
    const id = (await clientOf(service.url).projects.list()).projects[0]!.id;
    const pulled = await dubkit([...base, 'transcript', 'pull', id], { cwd });
    const cues = parseSrt(pulled.stdout).cues.map((cue, i) =>
      i === 0 ? { ...cue, text: 'Hola otra vez.' } : cue,
    );
    await writeFile(join(cwd, 'edited.srt'), serializeSrt(cues));
    expect((await dubkit([...base, 'transcript', 'push', id, 'edited.srt'], { cwd })).code).toBe(0);

    const waited = await dubkit([...base, 'wait', id], { cwd });
    expect(waited.code).toBe(1);
    expect(waited.stderr).toContain(`\`dubkit --base-url ${service.url} --interval 50 render ${id}\``);
    const downloaded = await dubkit([...base, 'download', id, '--out', 'second'], { cwd });
    expect(downloaded.code).toBe(1);
    expect(downloaded.stderr).toContain(`render ${id} --out second\` renders, waits and downloads`);
    const rendered = await dubkit([...base, 'render', id, '--out', 'second'], { cwd });
    expect(rendered.code).toBe(0);
    const srt = await readFile(join(cwd, 'second', 'video-with-audio.es.srt'), 'utf8');
    expect(srt).toContain('Hola otra vez.');
  });
});

describe('dubkit auth', () => {
  it('stores a checked token readable by its owner only, uses it, and forgets it', async () => {
    const service = await emulator();
    const cwd = await workFolder();
    const home = await workFolder();
    const env = { HOME: home, DUBKIT_TOKEN: '' };
    const base = ['--base-url', service.url];
    const wrong = await dubkit([...base, 'auth', 'login'], { cwd, env, input: 'not-the-token\n' });
    expect(wrong.code).toBe(2);
    const file = join(home, '.config', 'dubkit', 'credentials.json');
    await expect(stat(file)).rejects.toThrow();

    const login = await dubkit([...base, 'auth', 'login'], { cwd, env, input: `${TOKEN}\n` });
    expect(login.code).toBe(0);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(join(home, '.config', 'dubkit'))).mode & 0o777).toBe(0o700);
    expect((await dubkit([...base, 'credits'], { cwd, env })).code).toBe(0);
    const status = await dubkit([...base, 'auth', 'status'], { cwd, env });
    expect(status.stdout).toContain('Logged in with the credentials of `dubkit auth login`');

    expect((await dubkit([...base, 'auth', 'logout'], { cwd, env })).code).toBe(0);
    await expect(stat(file)).rejects.toThrow();
    const after = await dubkit([...base, 'credits'], { cwd, env });
    expect(after.code).toBe(2);
    expect(after.stderr).toContain('no credentials');
  });

  it('asks for the token at a terminal without showing it', async () => {
    const service = await emulator();
    const cwd = await workFolder();
    const home = await workFolder();
    const modes: boolean[] = [];
    const stdin = Object.assign(new PassThrough(), {
      isTTY: true,
      setRawMode: (raw: boolean) => modes.push(raw),
    });
    const stderr = new PassThrough();
    let shown = '';
    stderr.on('data', (chunk: Buffer) => {
      shown += chunk.toString();
    });
    setTimeout(() => stdin.write(`${TOKEN}\r`), 50);
    const code = await run(['--base-url', service.url, 'auth', 'login'], {
      stdin,
      stdout: new PassThrough(),
      stderr,
      env: { HOME: home },
      cwd,
    });
    expect(code).toBe(0);
    expect(modes).toEqual([true, false]);
    expect(shown).toContain('Paste your dubbing service token (it is not shown)');
    expect(shown).not.toContain(TOKEN);
    const stored = await readFile(join(home, '.config', 'dubkit', 'credentials.json'), 'utf8');
    expect(JSON.parse(stored)).toEqual({ token: TOKEN });
  });
});

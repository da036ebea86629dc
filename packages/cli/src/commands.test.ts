import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseGlossaryCsv } from '@dubkit/glossary-csv';
import { parseSrt, serializeSrt } from '@dubkit/srt';
import { describe, expect, it } from 'vitest';
import { clientOf, dubkit, emulator, TOKEN, VIDEO, workFolder } from './test-support/cli.ts';

/** A dubbed project made with the client itself, so that these tests do not depend on `dubkit dub`. */
async function dubbedProject(url: string, name = 'Keynote'): Promise<string> {
  const client = clientOf(url);
  const media = await client.media.upload(VIDEO);
  await client.media.waitUntilReady(media.id, { intervalMs: 20 });
  const project = await client.projects.create({ video_id: media.id, dst_lang: 'es', src_lang: 'en', name });
  await client.projects.waitFor(project.id, { intervalMs: 20 });
  return project.id;
}

describe('every command', () => {
  it('prints its version and help, exit 0; a wrong command line is exit 2', async () => {
    const cwd = await workFolder();
    const version = await dubkit(['--version'], { cwd });
    const manifest = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));
    expect(version).toMatchObject({ code: 0, stdout: `${manifest.version}\n` });
    expect(manifest.version).not.toBe('0.0.0');
    for (const args of [
      ['--help'],
      ['dub', '--help'],
      ['glossary', 'push', '--help'],
      ['transcript', '--help'],
    ]) {
      const help = await dubkit(args, { cwd });
      expect(help.code).toBe(0);
      expect(help.stdout).toMatch(/^Usage: dubkit /);
    }
    // A leading `--`, as `pnpm dubkit -- --version` passes it on, is not an argument.
    expect(await dubkit(['--', '--version'], { cwd })).toMatchObject({
      code: 0,
      stdout: `${manifest.version}\n`,
    });
    const unknown = await dubkit(['dubb', 'x.mp4'], { cwd });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("unknown command 'dubb'");
    const badOption = await dubkit(['credits', '--frobnicate'], { cwd });
    expect(badOption.code).toBe(2);
  });

  it('says what is wrong when there are no credentials, a wrong token or no service (exit 2)', async () => {
    const service = await emulator();
    const cwd = await workFolder();
    const none = await dubkit(['--base-url', service.url, 'credits'], { cwd, env: { DUBKIT_TOKEN: '' } });
    expect(none.code).toBe(2);
    // In the CLI's words: variables and commands, not the library's option names.
    expect(none.stderr).toContain(
      'dubkit: no credentials: set DUBKIT_TOKEN (or DUBKIT_CLIENT_ID and DUBKIT_CLIENT_SECRET) in the environment or a .env file, or run `dubkit auth login`',
    );
    expect(none.stderr).not.toContain('clientId');
    const wrong = await dubkit(['--base-url', service.url, 'credits'], {
      cwd,
      env: { DUBKIT_TOKEN: 'wrong' },
    });
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/^dubkit: the service refused DUBKIT_TOKEN \(.+\): check the token/m);
    await service.close();
    const down = await dubkit(['--json', '--base-url', service.url, 'credits'], { cwd });
    expect(down.code).toBe(2);
    expect(JSON.parse(down.stdout).error.message).toBe(
      `cannot reach ${service.url} (--base-url): nothing answers there (connection refused); start it, or check --base-url`,
    );
  });

  it('reads the token and the address from .env when the environment has none', async () => {
    const service = await emulator();
    const cwd = await workFolder();
    await writeFile(join(cwd, '.env'), `DUBKIT_TOKEN=${TOKEN}\nDUBKIT_BASE_URL=${service.url}\n`);
    const run = await dubkit(['--json', 'credits'], { cwd, env: { DUBKIT_TOKEN: '' } });
    // An empty variable in the environment still wins over .env, as with Node's --env-file: so unset it.
    expect(run.code).toBe(2);
    const unset = await dubkit(['--json', 'credits'], { cwd, env: {} });
    expect(unset.code).toBe(0);
    expect(JSON.parse(unset.stdout).minutes).toEqual({ total: 6000, used: 0 });
  });
});

describe('dubkit projects, status, credits', () => {
  it('lists projects by name, shows one, and the balance', async () => {
    const service = await emulator();
    const cwd = await workFolder();
    const id = await dubbedProject(service.url, 'Quarterly keynote');
    await service.seedProjects(3);
    const base = ['--base-url', service.url];

    const listed = await dubkit([...base, '--json', 'projects', '--name', 'KEYNOTE'], { cwd });
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.stdout).projects.map((p: { id: string }) => p.id)).toEqual([id]);
    expect(JSON.parse(listed.stdout).projects[0].dst_lang).toBe('es');
    const named = await dubkit([...base, 'projects', '--name', 'keynote'], { cwd });
    expect(named.stdout).toMatch(new RegExp(`^${id}  \\S+ \\S+  es +Done +Quarterly keynote$`, 'm'));
    const all = await dubkit([...base, 'projects', '--limit', '2'], { cwd });
    expect(all.stdout.trim().split('\n')).toHaveLength(2);
    expect(all.stderr).toBe('2 projects\n');

    const shown = await dubkit([...base, 'status', id], { cwd });
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain('Quarterly keynote (en → es)');
    expect(shown.stdout).toMatch(/status +Done \(merging_done\)/);
    expect(shown.stdout).toMatch(/srt +http:\/\/.+translation\.srt/);

    const missing = await dubkit([...base, 'status', '00000000-0000-4000-8000-000000000000'], { cwd });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('dubkit: ');

    const credits = await dubkit([...base, 'credits'], { cwd });
    expect(credits.code).toBe(0);
    expect(credits.stdout).toMatch(/^minutes +5999 of 6000 left$/m);
  });
});

describe('dubkit download', () => {
  it('says a project still running is not done yet and how to wait for it (exit 1)', async () => {
    const service = await emulator({ speed: 1 });
    const cwd = await workFolder();
    const client = clientOf(service.url);
    const media = await client.media.upload(VIDEO);
    service.advanceClock(60_000);
    await client.media.waitUntilReady(media.id, { intervalMs: 20 });
    const project = await client.projects.create({ video_id: media.id, dst_lang: 'es' });
    const run = await dubkit(['--base-url', service.url, 'download', project.id, '--out', 'later'], { cwd });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`project ${project.id} is not done yet`);
    expect(run.stderr).toContain(`dubkit --base-url ${service.url} wait ${project.id} --out later`);
  });
});

describe('dubkit voices', () => {
  it('lists the voices a project can use and marks the ones its speakers have', async () => {
    const service = await emulator();
    const cwd = await workFolder();
    const id = await dubbedProject(service.url);
    const client = clientOf(service.url);
    const available = await client.projects.voices(id);
    const assigned = (await client.projects.get(id)).voice ?? {};
    const run = await dubkit(['--base-url', service.url, 'voices', id], { cwd });
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines).toHaveLength(available.length);
    expect(run.stderr).toBe(`${available.length} voices\n`);
    for (const [speaker, voice] of Object.entries(assigned)) {
      if (voice) expect(lines.find((line) => line.startsWith(voice))).toContain(`← ${speaker}`);
    }
    const json = await dubkit(['--base-url', service.url, '--json', 'voices', id], { cwd });
    expect(JSON.parse(json.stdout)).toEqual({ voices: available, assigned });
  });
});

describe('a video where text is expected', () => {
  it('is refused as "not a text file" (exit 1), for a term list and for subtitles alike', async () => {
    const service = await emulator();
    const cwd = await workFolder();
    const base = ['--base-url', service.url];
    const notText = `${VIDEO}: error not-text: not a text file (it holds binary data, such as a video's)`;
    const glossary = await dubkit([...base, 'glossary', 'push', VIDEO, '--from', 'en', '--to', 'es'], {
      cwd,
    });
    expect(glossary).toMatchObject({ code: 1, stderr: `dubkit: ${notText}\n` });
    const subtitles = await dubkit([...base, 'dub', VIDEO, '--to', 'es', '--from', 'en', '--srt', VIDEO], {
      cwd,
    });
    expect(subtitles).toMatchObject({ code: 1, stderr: `dubkit: ${notText}\n` });
  });
});

describe('dubkit glossary', () => {
  it('pushes a term list as a glossary and pulls it back as CSV', async () => {
    const service = await emulator();
    const cwd = await workFolder();
    await writeFile(join(cwd, 'terms.csv'), 'en,es\nkeynote,ponencia\n"Acme, Inc.",Acme S.A.\n');
    const base = ['--base-url', service.url];
    const pushed = await dubkit([...base, 'glossary', 'push', 'terms.csv', '--name', 'Brand'], { cwd });
    expect(pushed.code).toBe(0);
    expect(pushed.stderr).toContain('Created glossary "Brand" (en → es), 2 entries, version 1');
    const id = pushed.stdout.trim();
    expect((await clientOf(service.url).glossaries.get(id)).entries).toEqual({
      keynote: 'ponencia',
      'Acme, Inc.': 'Acme S.A.',
    });
    const pulled = await dubkit([...base, 'glossary', 'pull', id], { cwd });
    expect(pulled.code).toBe(0);
    expect(pulled.stdout.startsWith('en,es\r\nkeynote,ponencia\r\n')).toBe(true);
    const back = parseGlossaryCsv(pulled.stdout);
    expect(back).toMatchObject({ srcLang: 'en', dstLang: 'es', issues: [] });
    expect(back.entries).toEqual({ keynote: 'ponencia', 'Acme, Inc.': 'Acme S.A.' });
  });

  it('refuses a term list with errors, each printed as file:line:col: severity code: message (exit 1)', async () => {
    const service = await emulator();
    const cwd = await workFolder();
    await writeFile(join(cwd, 'bad.csv'), 'en,es\nkeynote,ponencia\nkeynote,discurso\n');
    const run = await dubkit(['--base-url', service.url, 'glossary', 'push', 'bad.csv'], { cwd });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^bad\.csv:3(:\d+)?: error conflicting-entry: .+$/m);
    expect(run.stderr).toMatch(/^dubkit: bad\.csv: 1 error; nothing was sent$/m);
  });
});

describe('dubkit transcript', () => {
  it('pulls the transcript as SRT, WebVTT and JSON, and pushes back only what was edited', async () => {
    const service = await emulator();
    const cwd = await workFolder();
    const id = await dubbedProject(service.url);
    const base = ['--base-url', service.url];

    const srt = await dubkit([...base, 'transcript', 'pull', id], { cwd });
    expect(srt.code).toBe(0);
    const { cues } = parseSrt(srt.stdout);
    const { segments } = await clientOf(service.url).transcription.get(id);
    expect(cues.map((cue) => cue.text)).toEqual(segments.map((segment) => segment.dst?.text));
    const vtt = await dubkit([...base, 'transcript', 'pull', id, '--vtt'], { cwd });
    expect(vtt.stdout.startsWith('WEBVTT')).toBe(true);
    const json = await dubkit([...base, '--json', 'transcript', 'pull', id], { cwd });
    expect(JSON.parse(json.stdout).segments).toEqual(JSON.parse(JSON.stringify(segments)));

    const edited = cues.map((cue, index) =>
      index === 0 ? { ...cue, text: 'Hola a todos, otra vez.' } : cue,
    );
    await writeFile(join(cwd, 'edited.srt'), serializeSrt(edited));
    const pushed = await dubkit([...base, '--json', 'transcript', 'push', id, 'edited.srt'], { cwd });
    expect(pushed.code).toBe(0);
    expect(JSON.parse(pushed.stdout)).toEqual({ updated: [segments[0]!.id] });
    const after = await clientOf(service.url).transcription.get(id);
    expect(after.segments[0]!.dst?.text).toBe('Hola a todos, otra vez.');
    expect(after.segments.slice(1)).toEqual(segments.slice(1));

    await writeFile(join(cwd, 'short.srt'), serializeSrt(cues.slice(1)));
    const short = await dubkit([...base, 'transcript', 'push', id, 'short.srt'], { cwd });
    expect(short.code).toBe(1);
    expect(short.stderr).toContain('keep one cue per segment');
  });
});

// The error table of packages/cli/README.md is what the CLI prints: each row with a command is run (in this
// process, against an emulator) and its line and exit status compared; each row without one must be made of
// text the source holds, so the table cannot list a message the CLI no longer has.
import { copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { run } from './program.ts';
import { emulator, FIXTURES, TOKEN, VIDEO, workFolder } from './test-support/cli.ts';

const PACKAGE = fileURLToPath(new URL('../', import.meta.url));

interface Row {
  cause: string;
  command: string | undefined;
  message: string;
  exit: number;
}

async function table(): Promise<Row[]> {
  const readme = await readFile(join(PACKAGE, 'README.md'), 'utf8');
  const section = readme.slice(
    readme.indexOf('## Errors'),
    readme.indexOf('\n## ', readme.indexOf('## Errors') + 1),
  );
  return section
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| cause'))
    .map((line) => {
      const cells = line
        .slice(2, -2)
        .split(/(?<!\\) \| /)
        .map((cell) => cell.replaceAll('\\|', '|'));
      const [cause, command, message, exit] = cells as [string, string, string, string];
      return {
        cause,
        command: command === '—' ? undefined : command.replace(/^`|`$/g, ''),
        message,
        exit: Number(exit),
      };
    });
}

/** The message as a pattern: `<…>` parts match anything. */
function pattern(message: string): RegExp {
  const parts = message.split(/<[^<>]+>/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(parts.join('.*?'));
}

/** The CLI's and the client's source, with strings split over `' +` lines joined again. */
async function source(): Promise<string> {
  const texts: string[] = [];
  for (const dir of [join(PACKAGE, 'src'), join(PACKAGE, '../core/src')]) {
    for (const name of await readdir(dir, { recursive: true })) {
      if (name.endsWith('.ts') && !name.endsWith('.test.ts'))
        texts.push(await readFile(join(dir, name), 'utf8'));
    }
  }
  return texts
    .join('\n')
    .replace(/[`'"]\s*\+\s*[`'"]/g, '')
    .replaceAll('\\`', '`');
}

async function closedPort(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

async function runCaptured(argv: string[], env: Record<string, string>, cwd: string) {
  const streams = { stdout: '', stderr: '' };
  const capture = (name: keyof typeof streams) => {
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => {
      streams[name] += chunk.toString();
    });
    return stream;
  };
  const stdin = new PassThrough();
  stdin.end();
  const code = await run(argv, { stdin, stdout: capture('stdout'), stderr: capture('stderr'), env, cwd });
  return { code, ...streams };
}

describe('the error table of the README', async () => {
  const rows = await table();

  it('lists the errors, each with an exit status dubkit uses', () => {
    expect(rows.length).toBeGreaterThan(40);
    for (const row of rows) expect([1, 2, 130], row.cause).toContain(row.exit);
  });

  it('holds, for each row without a command, only text of the source', async () => {
    const text = await source();
    for (const row of rows.filter((r) => r.command === undefined)) {
      // A message composed of several phrases (a reason, then what to do) is checked phrase by phrase.
      for (const part of row.message.replace(/^(dubkit|error): /, '').split(/<[^<>]+>|; |\): /)) {
        expect(text.includes(part), `${row.cause}: "${part}" is not in the source`).toBe(true);
      }
    }
  });

  it('is what dubkit prints, for each row with a command', async () => {
    const service = await emulator();
    const cwd = await workFolder();
    for (const dir of ['a', 'b']) {
      await mkdir(join(cwd, dir));
      await copyFile(VIDEO, join(cwd, dir, 'talk.mp4'));
    }
    await mkdir(join(cwd, 'kept'));
    await writeFile(join(cwd, 'kept', 'talk.es.srt'), '1\n00:00:00,000 --> 00:00:01,000\nmine\n');
    await writeFile(join(cwd, 'talk.en.srt'), '1\n00:00:00,000 --> 00:00:01,000\nHello.\n');
    await writeFile(join(cwd, 'terms.csv'), 'English,Spanish\nkeynote,ponencia\n');
    const places: Record<string, string> = {
      $VIDEO: VIDEO,
      $IMAGE: join(FIXTURES, 'image.png'),
      $SILENT: join(FIXTURES, 'video-no-audio.mp4'),
      $URL: service.url,
      $CLOSED: await closedPort(),
      $HTTPS: service.url.replace('http:', 'https:'),
    };
    for (const row of rows.filter((r) => r.command !== undefined)) {
      const words = row.command!.split(' ').map((word) => places[word] ?? word);
      const env: Record<string, string> = { DUBKIT_TOKEN: TOKEN, HOME: cwd };
      while (/^[A-Z_]+=/.test(words[0]!)) {
        const [name, value] = words.shift()!.split('=') as [string, string];
        env[name] = value;
      }
      const argv = words.includes('--base-url') ? words : ['--base-url', service.url, ...words];
      const plain = await runCaptured(argv, env, cwd);
      expect(plain.stderr, row.cause).toMatch(pattern(row.message));
      expect(plain.code, `${row.cause}: ${plain.stderr}`).toBe(row.exit);
      // With --json, the same message and status as one document on standard output.
      const json = await runCaptured(['--json', ...argv], env, cwd);
      const { error } = JSON.parse(json.stdout) as { error: { message: string; exitCode: number } };
      expect(error.message, row.cause).toMatch(pattern(row.message.replace(/^(dubkit|error): /, '')));
      expect(error.exitCode, row.cause).toBe(row.exit);
      expect(json.code, row.cause).toBe(row.exit);
    }
  }, 60_000);
});

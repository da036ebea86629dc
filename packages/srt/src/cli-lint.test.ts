import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { crlf } from './test-support/vectors.ts';

const CLI = join(import.meta.dirname, 'cli.ts');
const dir = mkdtempSync(join(tmpdir(), 'dubkit-srt-lint-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, content: string): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

/** The built command as a user runs it, from source in a child process. */
function run(args: string[]) {
  const result = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout: 20_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const comfortable = crlf(
  '1',
  '00:00:01,000 --> 00:00:03,000',
  'Hello there',
  '',
  '2',
  '00:00:04,000 --> 00:00:06,000',
  'How are you?',
  '',
);

// Cue 1 reads at 36 characters per second (36 in 1 s); cue 2's second line (line 8 of the file) has 40
// characters: over the BBC's 37 but within Netflix's 42; cue 3 starts 40 ms after cue 2 ends (2 frames at 24 fps
// is 83 ms).
const flawed = crlf(
  '1',
  '00:00:01,000 --> 00:00:02,000',
  'Thirty-six characters in one second.',
  '',
  '2',
  '00:00:03,000 --> 00:00:07,000',
  'A short first line',
  'and a second line of exactly forty chars',
  '',
  '3',
  '00:00:07,040 --> 00:00:09,000',
  'Close behind',
  '',
);

describe('dubkit-srt lint', () => {
  it('a file within the preset: no issue, a summary, exit 0', () => {
    const path = file('fine.srt', comfortable);
    expect(run(['lint', path])).toEqual({
      status: 0,
      stdout: `${path}: 2 cues, 0 errors, 0 warnings, 0 lint issues (netflix)\n`,
      stderr: '',
    });
  });

  it('netflix by default: each finding at its file line with value and limit, exit 1', () => {
    const path = file('flawed.srt', flawed);
    const result = run(['lint', path]);
    expect(result.status).toBe(1);
    expect(result.stderr.split('\n')).toEqual([
      `${path}:2: warning reading-speed: cue 1: 36 characters in 1000 ms is 36 characters per second; at most 20 (value 36, limit 20)`,
      `${path}:11: warning min-gap: cue 3 starts 40 ms after cue 2 ends; leave at least 83 ms (value 40, limit 83)`,
      '',
    ]);
    expect(result.stdout).toBe(`${path}: 3 cues, 0 errors, 0 warnings, 2 lint issues (netflix)\n`);
  });

  it('--preset bbc: 37 characters a line and 15 a second, no gap rule', () => {
    const path = file('flawed-bbc.srt', flawed);
    const result = run(['lint', '--preset', 'bbc', path]);
    expect(result.status).toBe(1);
    const rules = result.stderr
      .trim()
      .split('\n')
      .map((line) =>
        line
          .slice(path.length + 1)
          .split(':', 2)
          .join(':'),
      );
    expect(rules).toEqual(['2: warning reading-speed', '8: warning chars-per-line']);
  });

  it('limit overrides and --frame-rate change what is reported', () => {
    const path = file('flawed-limits.srt', flawed);
    // 40 cps allowed, and at 50 fps two frames are 40 ms: nothing left to report.
    expect(run(['lint', '--max-cps', '40', '--frame-rate', '50', path]).status).toBe(0);
    const strict = run(['lint', '--max-chars-per-line', '20', '--max-cps', '40', '--min-gap', '0', path]);
    expect(strict.stderr).toBe(
      `${path}:3: warning chars-per-line: cue 1, line 1: 36 characters; at most 20 per line (value 36, limit 20)\n` +
        `${path}:8: warning chars-per-line: cue 2, line 2: 40 characters; at most 20 per line (value 40, limit 20)\n`,
    );
  });

  it('parse issues are printed as check prints them, and count as issues', () => {
    const path = file('warned.srt', comfortable.replace('00:00:04,000', '00:00:02,000'));
    const result = run(['lint', path]);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`${path}:6: warning overlap:`);
    expect(result.stdout).toMatch(/2 cues, 0 errors, 1 warning, 1 lint issue \(netflix\)\n$/);
  });

  it('an unknown preset, a bad number or a missing file is a usage error: exit 2', () => {
    const path = file('fine-2.srt', comfortable);
    const unknown = run(['lint', '--preset', 'itv', path]);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('unknown preset "itv"; the presets are netflix, netflix-children, bbc');
    expect(run(['lint', '--max-cps', 'fast', path]).status).toBe(2);
    expect(run(['lint', '--frame-rate', '0', path]).status).toBe(2);
    expect(run(['lint']).status).toBe(2);
    expect(run(['lint', join(dir, 'missing.srt')]).status).toBe(2);
  });

  it('--help describes the presets and the limit options', () => {
    const help = run(['lint', '--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('--preset <name>            netflix (default), netflix-children or bbc');
    expect(run(['--help']).stdout).toContain('lint <file>');
  });
});

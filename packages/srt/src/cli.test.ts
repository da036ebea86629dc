import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { crlf } from './test-support/vectors.ts';

const CLI = join(import.meta.dirname, 'cli.ts');
const dir = mkdtempSync(join(tmpdir(), 'dubkit-srt-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, content: string | Uint8Array): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

/** Runs the CLI from source in a child process, as a user would run the built one. */
function run(args: string[], input?: string) {
  const result = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', input, timeout: 20_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const clean = crlf(
  '1',
  '00:00:01,000 --> 00:00:02,500',
  'Hello',
  '',
  '2',
  '00:00:03,000 --> 00:00:04,000',
  'World',
  '',
);
const messy = crlf(
  '1',
  '0:0:1.5 --> 00:00:02,500  ',
  'Hello  ',
  '',
  '',
  '2',
  '00:00:05,000 --> 00:00:04,000',
  'Backwards',
  '',
  '3',
  '00:00:06,000 --> 00:00:07,000',
  'Kept',
  '',
);

describe('dubkit-srt', () => {
  it('check: prints a summary, no issue, exit 0 for a clean file', () => {
    const path = file('clean.srt', clean);
    expect(run(['check', path])).toEqual({
      status: 0,
      stdout: `${path}: 2 cues, 0 errors, 0 warnings\n`,
      stderr: '',
    });
  });

  it('check: prints each issue with its line on stderr and exits 1 on errors', () => {
    const path = file('messy.srt', messy);
    const result = run(['check', path]);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe(`${path}: 2 cues, 1 error, 1 warning\n`);
    expect(result.stderr.split('\n')).toEqual([
      `${path}:2: warning nonstandard-timecode: the timecodes of cue 1 are not in the HH:MM:SS,mmm form (single-digit minutes); read as 00:00:01,500 --> 00:00:02,500`,
      `${path}:7: error end-before-start: cue 2 ends (00:00:04,000) before it starts (00:00:05,000); it is not used`,
      '',
    ]);
  });

  it('check --strict: exits 1 on warnings alone', () => {
    const path = file('warned.srt', clean.replace('00:00:03,000', '00:00:02,000'));
    expect(run(['check', path]).status).toBe(0);
    expect(run(['check', '--strict', path]).status).toBe(1);
  });

  it('fix: writes a clean SRT of the usable cues, in UTF-8, with the chosen line ending', () => {
    const bytes = Uint8Array.from(messy.replace('Kept', 'Caf\xe9 \x80'), (ch) => ch.charCodeAt(0));
    const result = run(['fix', '--eol', 'lf', file('cp1252.srt', bytes)]);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe(
      '1\n00:00:01,500 --> 00:00:02,500\nHello\n\n2\n00:00:06,000 --> 00:00:07,000\nCafé €\n\n',
    );
    expect(result.stderr).toContain(':12: warning not-utf8:');
  });

  it('to-vtt says where WebVTT is written now, with exit 2', () => {
    const result = run(['to-vtt', file('clean3.srt', clean)]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('dubkit-subtitles convert <file> --to vtt');
  });

  it('to-json writes the cues; from-json reads them back', () => {
    const path = file('clean2.srt', clean);
    const json = run(['to-json', path]);
    expect(json.status).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual([
      { index: 1, startMs: 1000, endMs: 2500, text: 'Hello' },
      { index: 2, startMs: 3000, endMs: 4000, text: 'World' },
    ]);
    expect(run(['from-json', file('cues.json', json.stdout)])).toEqual({
      status: 0,
      stdout: `${clean}\r\n`,
      stderr: '',
    });
  });

  it('from-json: writes one side of the service segments, and reads standard input', () => {
    const segments = JSON.stringify({
      segments: [
        {
          start: '00:00:01,000',
          end: '00:00:02,000',
          src: { text: 'Hi', lang: 'en' },
          dst: { text: 'Hola', lang: 'es' },
        },
      ],
    });
    expect(run(['from-json', '-', '--side', 'dst', '--eol', 'lf'], segments).stdout).toBe(
      '1\n00:00:01,000 --> 00:00:02,000\nHola\n\n',
    );
    const missingSide = run(['from-json', '-'], segments);
    expect(missingSide.status).toBe(1);
    expect(missingSide.stderr).toBe(
      'dubkit-srt: <stdin>: these are segments: say which text to write with --side src or --side dst\n',
    );
  });

  it('from-json: says what is wrong with bad JSON', () => {
    const result = run(['from-json', file('bad.json', '[{"startMs": 1}]')]);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('cue 1: expected {"startMs": number, "endMs": number, "text": string}');
    expect(run(['from-json', file('broken.json', '[')]).stderr).toContain('not valid JSON');
  });

  it('explains its usage on a wrong command line (exit 2), and on --help (exit 0)', () => {
    const wrong = run(['convert', 'x.srt']);
    expect(wrong.status).toBe(2);
    // One line saying what is wrong and where help is, not the whole usage text.
    expect(wrong.stderr).toBe(
      'dubkit-srt: unknown command convert\nRun dubkit-srt --help for the commands and their options.\n',
    );
    expect(run(['check']).stderr).toContain('check needs a file (or - for standard input)');
    expect(run(['fix', 'a.srt', '--eol', 'cr']).stderr).toContain('--eol takes crlf or lf, not cr');
    const help = run(['--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('Commands:');
  });

  it('says when a file cannot be read (exit 2, as for any I/O problem)', () => {
    const result = run(['check', join(dir, 'missing.srt')]);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^dubkit-srt: cannot read .*missing\.srt: ENOENT/);
  });

  it('prints its version, and each command its own help', () => {
    const manifest = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8'));
    expect(run(['--version'])).toEqual({ status: 0, stdout: `${manifest.version}\n`, stderr: '' });
    const help = run(['fix', '--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: dubkit-srt fix <file> \[--eol crlf\|lf\]\n/);
    expect(help.stdout).not.toContain('to-json');
  });

  it('calls a file without any cue an error, with plural words right', () => {
    const empty = run(['check', file('empty.srt', '')]);
    expect(empty.status).toBe(1);
    expect(empty.stderr).toBe(`${join(dir, 'empty.srt')}: error no-cues: the file has no subtitles\n`);
    expect(empty.stdout).toBe(`${join(dir, 'empty.srt')}: 0 cues, 1 error, 0 warnings\n`);
    const one = run(['check', file('one.srt', crlf('1', '00:00:01,000 --> 00:00:02,000', 'Hi', ''))]);
    expect(one.stdout).toBe(`${join(dir, 'one.srt')}: 1 cue, 0 errors, 0 warnings\n`);
  });

  it('says "not a text file" for binary input such as a video, instead of reading it as text', () => {
    const mp4 = Buffer.concat([
      Buffer.from([0, 0, 0, 0x20]),
      Buffer.from('ftypisom\u0000\u0000\u0002\u0000isomiso2avc1mp41', 'latin1'),
      Buffer.alloc(64, 0x80),
    ]);
    const result = run(['check', file('talk.mp4', mp4)]);
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(
      `${join(dir, 'talk.mp4')}: error not-text: not a text file (it holds binary data, such as a video's)\n`,
    );
    // UTF-16 text has NUL bytes too, but all on one side: it is still read as text.
    const utf16 = Buffer.from(crlf('1', '00:00:01,000 --> 00:00:02,000', 'Hi', ''), 'utf16le');
    expect(run(['check', file('utf16.srt', utf16)]).stdout).toContain('1 cue,');
  });
});

import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type CommandIo, runCommand } from './command-line.ts';

const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url));

/** Runs the command with captured output; `-` reads `stdin`. */
async function run(args: string[], stdin = '') {
  let stdout = '';
  let stderr = '';
  const io: CommandIo = {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    readFile: async (path) =>
      path === '-' ? new TextEncoder().encode(stdin) : readFile(`${fixtures}${path}`),
  };
  const code = await runCommand(args, io);
  return { code, stdout, stderr };
}

describe('dubkit-glossary check', () => {
  it('prints a summary and exits 0 for a clean file', async () => {
    expect(await run(['check', 'no-header.csv'])).toStrictEqual({
      code: 0,
      stdout:
        'no-header.csv: 3 entries, 0 error(s), 0 warning(s); read as utf-8, delimiter ",", header none, 80 bytes as JSON\n',
      stderr: '',
    });
  });

  it('prints each issue with file, line and column to stderr and exits 1 on errors', async () => {
    const result = await run(['check', 'error-duplicates.csv']);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      'error-duplicates.csv:4: warning [duplicate-entry] "Home" → "Inicio" repeats line 2; the repeat was dropped\n' +
        'error-duplicates.csv:5: error [conflicting-entry] the source term "Back" has the target "Atrás" at line 3 ' +
        'and "Volver" at line 5; line 3 was kept\n',
    );
    expect(result.stdout).toContain('2 entries (en→es), 1 error(s), 1 warning(s)');
  });

  it('exits 0 when there are only warnings', async () => {
    const result = await run(['check', 'error-untrimmed.csv']);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('error-untrimmed.csv:2:1: warning [untrimmed-term]');
  });

  it('passes --src/--dst and --delimiter on', async () => {
    const result = await run([
      'check',
      'language-codes.csv',
      '--src',
      'en',
      '--dst',
      'es',
      '--delimiter',
      ',',
    ]);
    expect(result.stdout).toContain('2 entries (en→es)');
  });
});

describe('dubkit-glossary to-json', () => {
  it("prints the service's create body, named after the file", async () => {
    const result = await run(['to-json', 'excel-sep-1252.csv']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toStrictEqual({
      name: 'excel-sep-1252',
      src_lang: 'en',
      dst_lang: 'de',
      entries: {
        'price in €': 'Preis in €',
        '“quoted”': '„zitiert“',
        œuvre: 'Werk™',
        'small – dash': 'kleiner Strich',
      },
    });
  });

  it('takes --src, --dst and --name for a file without languages, from standard input', async () => {
    const result = await run(
      ['to-json', '-', '--src', 'en-US', '--dst', 'es-MX', '--name', 'Brand'],
      'Dub,Doblaje\n',
    );
    expect(JSON.parse(result.stdout)).toStrictEqual({
      name: 'Brand',
      src_lang: 'en',
      dst_lang: 'es-mx',
      entries: { Dub: 'Doblaje' },
    });
  });

  it('asks for the languages a file does not name (exit 2)', async () => {
    const result = await run(['to-json', 'no-header.csv', '--dst', 'es']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(
      /^dubkit-glossary: no-header.csv does not name its languages \(no language header\); pass --src <lang>\n/,
    );
  });

  it('writes no body when the file has errors (exit 1)', async () => {
    const result = await run(['to-json', 'error-empty-term.csv']);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(
      'error-empty-term.csv:2:2: error [empty-term] the target term is empty\n',
    );
    expect(result.stderr).toContain(
      'error-empty-term.csv: 2 error(s); no body written. Fix them and run again.\n',
    );
  });
});

describe('dubkit-glossary from-json', () => {
  it('writes a glossary as CSV with its language header', async () => {
    const glossary = JSON.stringify({
      id: 'g1',
      name: 'x',
      src_lang: 'en',
      dst_lang: 'es',
      entries: { Dub: 'Doblaje' },
    });
    expect(await run(['from-json', '-'], glossary)).toStrictEqual({
      code: 0,
      stdout: 'en,es\r\nDub,Doblaje\r\n',
      stderr: '',
    });
  });

  it('writes bare entries as TSV without header, with BOM and formula guard', async () => {
    const result = await run(
      ['from-json', '-', '--format', 'tsv', '--no-header', '--bom', '--for-spreadsheet'],
      '{"=1+1":"two"}',
    );
    expect(result).toStrictEqual({ code: 0, stdout: `\ufeff"'=1+1"\ttwo\r\n`, stderr: '' });
  });

  it('refuses entries the service would reject, naming the entry', async () => {
    const result = await run(['from-json', '-'], '{"entries":{"ok":"fine","bad":"a\\tb"}}');
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      '-: entry 2: error [term-has-tab] the target term "a\\tb" contains a tab, which the service rejects\n',
    );
  });

  it('says what is wrong with input that is not a glossary', async () => {
    expect((await run(['from-json', '-'], 'nope')).stderr).toMatch(/^-: not JSON: /);
    expect((await run(['from-json', '-'], '[1]')).stderr).toBe(
      '-: expected a glossary ({entries, src_lang, dst_lang}) or an object of term pairs\n',
    );
  });
});

describe('dubkit-glossary usage', () => {
  it.each([
    [[], 'no command given'],
    [['frob', 'x'], 'unknown command "frob"'],
    [['check'], 'check needs a file (or - for standard input)'],
    [['check', 'a', 'b'], 'unexpected argument "b"'],
    [['check', 'no-header.csv', '--delimiter', '|'], '--delimiter must be ",", ";" or "tab", not "|"'],
    [['from-json', '-', '--format', 'xlsx'], '--format must be csv or tsv, not "xlsx"'],
    [['check', 'missing.csv'], 'cannot read missing.csv: '],
  ])('%j → exit 2: %s', async (args, message) => {
    const result = await run(args, '{}');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`dubkit-glossary: ${message}`);
    expect(result.stderr).toContain('Usage: dubkit-glossary <command> <file> [options]');
  });

  it('rejects an unknown option', async () => {
    const result = await run(['check', 'x.csv', '--frob']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("Unknown option '--frob'");
  });

  it('prints the usage on --help', async () => {
    const result = await run(['--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('to-json <file>');
  });
});

describe('the cli.ts entry point', () => {
  it('runs as a program: exit status, stdout and stderr', () => {
    const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));
    const ok = spawnSync(process.execPath, [cli, 'to-json', '-', '--src', 'en', '--dst', 'de'], {
      input: 'Hello,Hallo\n',
      encoding: 'utf8',
    });
    expect([ok.status, ok.stdout, ok.stderr]).toStrictEqual([
      0,
      '{"name":"glossary","src_lang":"en","dst_lang":"de","entries":{"Hello":"Hallo"}}\n',
      '',
    ]);
    const bad = spawnSync(process.execPath, [cli, 'check', `${fixtures}error-tab.csv`], { encoding: 'utf8' });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('error-tab.csv:2:1: error [term-has-tab]');
  });
});

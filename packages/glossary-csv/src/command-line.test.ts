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
        'no-header.csv: 3 entries, 0 errors, 0 warnings; read as utf-8, delimiter ",", header none, 80 bytes as JSON\n',
      stderr: '',
    });
  });

  it('prints each issue with file, line and column to stderr and exits 1 on errors', async () => {
    const result = await run(['check', 'error-duplicates.csv']);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      'error-duplicates.csv:4: warning duplicate-entry: "Home" → "Inicio" repeats line 2; the repeat was dropped\n' +
        'error-duplicates.csv:5: error conflicting-entry: the source term "Back" has the target "Atrás" at line 3 ' +
        'and "Volver" at line 5; line 3 was kept\n',
    );
    expect(result.stdout).toContain('2 entries (en→es), 1 error, 1 warning');
  });

  it('exits 0 when there are only warnings', async () => {
    const result = await run(['check', 'error-untrimmed.csv']);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('error-untrimmed.csv:2:1: warning untrimmed-term:');
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
    expect(result.stderr).toContain('error-empty-term.csv:2:2: error empty-term: the target term is empty\n');
    expect(result.stderr).toContain(
      'error-empty-term.csv: 2 errors; no body written. Fix them and run again.\n',
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
      '-: error term-has-tab: entry 2: the target term "a\\tb" contains a tab, which the service rejects\n',
    );
  });

  it('says what is wrong with input that is not a glossary', async () => {
    expect((await run(['from-json', '-'], 'nope')).stderr).toMatch(/^-: not JSON: /);
    expect((await run(['from-json', '-'], '[1]')).stderr).toBe(
      '-: expected a glossary ({entries, src_lang, dst_lang}) or an object of term pairs\n',
    );
  });
});

describe('dubkit-glossary --delimiter', () => {
  it('reads a pipe-separated term list with --delimiter "|"', async () => {
    const result = await run(['to-json', '-', '--delimiter', '|', '--name', 'pipes'], 'en|es\nHello|Hola\n');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      entries: { Hello: 'Hola' },
      src_lang: 'en',
      dst_lang: 'es',
    });
  });
});

describe('dubkit-glossary usage', () => {
  it.each([
    [[], 'no command given'],
    [['frob', 'x'], 'unknown command "frob"'],
    [['check'], 'check needs a file (or - for standard input)'],
    [['check', 'a', 'b'], 'unexpected argument "b"'],
    [
      ['check', 'no-header.csv', '--delimiter', '||'],
      '--delimiter takes one character, or "tab"; "||" cannot be used: it must be one character',
    ],
    [['from-json', '-', '--format', 'xlsx'], '--format must be csv or tsv, not "xlsx"'],
    [['check', 'missing.csv'], 'cannot read missing.csv: '],
  ])('%j → exit 2: %s', async (args, message) => {
    const result = await run(args, '{}');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`dubkit-glossary: ${message}`);
    // One line says what is wrong and where help is: the whole usage would bury it.
    expect(result.stderr).toContain('Run dubkit-glossary --help for the commands and their options.');
    expect(result.stderr).not.toContain('Usage:');
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

describe('dubkit-glossary conventions', () => {
  it('prints its version, and each command its own help', async () => {
    const manifest = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));
    expect(await run(['--version'])).toStrictEqual({ code: 0, stdout: `${manifest.version}\n`, stderr: '' });
    const help = await run(['from-json', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: dubkit-glossary from-json <file>/);
    expect(help.stdout).not.toContain('check <file>');
  });

  it('says "not a text file" for binary input such as a video, instead of reading it as text', async () => {
    const mp4 = Buffer.concat([
      Buffer.from([0, 0, 0, 0x20]),
      Buffer.from('ftypisom\u0000\u0000\u0002\u0000mp41'),
    ]);
    const result = await run(['check', '-'], mp4.toString('latin1'));
    expect(result).toStrictEqual({
      code: 1,
      stdout: '',
      stderr: "-: error not-text: not a text file (it holds binary data, such as a video's)\n",
    });
  });

  it('writes "1 entry" and "1 error", not "1 entries" and "1 error(s)"', async () => {
    const result = await run(['check', '-', '--src', 'en', '--dst', 'es'], 'Hello,Hola\n');
    expect(result.stdout).toMatch(/^-: 1 entry \(en→es\), 0 errors, 0 warnings;/);
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
    expect(bad.stderr).toContain('error-tab.csv:2:1: error term-has-tab:');
  });
});

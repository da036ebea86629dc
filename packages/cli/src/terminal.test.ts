// What a person sees on a terminal 50 and 80 columns wide while `dubkit wait --out` follows two projects: the
// output is played into a headless terminal emulator (xterm.js) and the screen compared, not the bytes (the
// bars turn line wrapping off, so a byte the stream holds may never reach the screen).
import { PassThrough } from 'node:stream';
import { Terminal } from '@xterm/headless';
import { describe, expect, it } from 'vitest';
import { run } from './program.ts';
import { clientOf, emulator, TOKEN, VIDEO, workFolder } from './test-support/cli.ts';

/** The screen's lines (the scrollback too), right-trimmed, after `bytes` were drawn at `columns` wide. */
async function screen(bytes: string, columns: number): Promise<string[]> {
  // convertEol: a terminal's tty turns each \n into \r\n (ONLCR) before the terminal sees it.
  const terminal = new Terminal({
    cols: columns,
    rows: 40,
    scrollback: 1000,
    convertEol: true,
    allowProposedApi: true,
  });
  await new Promise<void>((resolve) => terminal.write(bytes, resolve));
  const buffer = terminal.buffer.active;
  const lines: string[] = [];
  for (let i = 0; i < buffer.length; i++) lines.push(buffer.getLine(i)?.translateToString(true) ?? '');
  terminal.dispose();
  return lines;
}

describe('bars on a narrow terminal', () => {
  for (const columns of [50, 80]) {
    it(`shows every project id whole and every bar line to its end at ${columns} columns`, async () => {
      const service = await emulator();
      const cwd = await workFolder();
      const client = clientOf(service.url);
      const media = await client.media.upload(VIDEO, { name: 'talk' });
      await client.media.waitUntilReady(media.id, { intervalMs: 20 });
      const ids: string[] = [];
      // `pt-br: project <id>` is 51 characters: one more than the narrow terminal has.
      for (const dst_lang of ['pt-br', 'es']) {
        ids.push((await client.projects.create({ video_id: media.id, dst_lang, name: 'talk' })).id);
      }
      const stderr = Object.assign(new PassThrough(), { isTTY: true, columns, rows: 40 });
      let drawn = '';
      stderr.on('data', (chunk: Buffer) => {
        drawn += chunk.toString();
      });
      const code = await run(
        [
          '--base-url',
          service.url,
          '--interval',
          '50',
          'wait',
          ...ids,
          '--out',
          'out',
          '--formats',
          'srt,vtt,ass',
        ],
        { stdout: new PassThrough(), stderr, env: { DUBKIT_TOKEN: TOKEN }, cwd },
      );
      expect(code).toBe(0);
      const lines = await screen(drawn, columns);
      for (const id of ids)
        expect(
          lines.some((line) => line.includes(id)),
          `${id} in\n${lines.join('\n')}`,
        ).toBe(true);
      for (const label of ['pt-br', 'es']) {
        // The last drawing of each language's bar: its text and elapsed time to the end.
        const bar = lines.findLast((line) => line.startsWith(`${label.padEnd(6)} `));
        expect(bar, lines.join('\n')).toMatch(/ Done, 6 files saved {2}\d+:\d\d$/);
      }
      for (const line of lines) expect(line.length).toBeLessThanOrEqual(columns);
    });
  }
});

describe('plain lines', () => {
  it('counts the subtitle files written here among the steps of "Done, n files saved"', async () => {
    const service = await emulator();
    const cwd = await workFolder();
    const client = clientOf(service.url);
    const media = await client.media.upload(VIDEO, { name: 'talk' });
    await client.media.waitUntilReady(media.id, { intervalMs: 20 });
    const { id } = await client.projects.create({ video_id: media.id, dst_lang: 'es', name: 'talk' });
    const stderr = new PassThrough();
    let printed = '';
    stderr.on('data', (chunk: Buffer) => {
      printed += chunk.toString();
    });
    const args = [
      '--base-url',
      service.url,
      '--interval',
      '50',
      'wait',
      id,
      '--out',
      'out',
      '--formats',
      'srt,vtt,ass',
    ];
    expect(await run(args, { stdout: new PassThrough(), stderr, env: { DUBKIT_TOKEN: TOKEN }, cwd })).toBe(0);
    expect(printed).toMatch(/^es: downloading vtt \(5\/6\)/m);
    expect(printed).toMatch(/^es: writing ass \(6\/6\)/m);
    expect(printed).toMatch(/^es: Done, 6 files saved/m);
  });
});

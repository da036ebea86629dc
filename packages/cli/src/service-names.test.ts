// Names from the service are data, never paths: a hostile service's dst_lang cannot make `dubkit` write
// outside --out, whatever the command and the formats, and the language it gave is named in the error.
import { mkdir, readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clientOf, dubkit, emulator, VIDEO, workFolder } from './test-support/cli.ts';
import { rewritingProxy } from './test-support/rewriting-proxy.ts';

const HOSTILE = 'es/../../../../outside/pwned';

/** Every file under `dir`, relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => relative(dir, join(e.parentPath, e.name)));
}

/** Replaces every `dst_lang` of a JSON answer, however deep. */
function hostileLanguage(body: unknown): unknown {
  if (Array.isArray(body)) return body.map(hostileLanguage);
  if (body === null || typeof body !== 'object') return body;
  return Object.fromEntries(
    Object.entries(body).map(([key, value]) => [key, key === 'dst_lang' ? HOSTILE : hostileLanguage(value)]),
  );
}

describe('a language from the service that is not in the list', () => {
  it('writes nothing outside --out with download and wait, in any format, and names the language', async () => {
    const service = await emulator();
    const client = clientOf(service.url);
    const media = await client.media.upload(VIDEO, { name: 'talk' });
    await client.media.waitUntilReady(media.id, { intervalMs: 20 });
    const { id } = await client.projects.create({ video_id: media.id, dst_lang: 'es', name: 'talk' });
    await client.projects.waitFor(id, { intervalMs: 20 });
    const proxy = await rewritingProxy(service.url, hostileLanguage);

    const root = await workFolder();
    // Four levels down, so that a path climbing out of --out would still land inside the test's folder.
    const cwd = join(root, 'a', 'b', 'c');
    await mkdir(cwd, { recursive: true });
    const base = ['--base-url', proxy, '--interval', '50'];
    const formats = ['--formats', 'srt,vtt,ttml,ebu-tt-d,ass'];
    const download = await dubkit([...base, 'download', id, '--out', 'sub', ...formats], { cwd });
    expect(download.code).toBe(1);
    expect(download.stderr).toContain(
      `dubkit: the service gave project ${id} the language "${HOSTILE}", which is not in its language list`,
    );
    const waited = await dubkit([...base, 'wait', id, '--out', 'sub', ...formats], { cwd });
    expect(waited.code).toBe(1);
    expect(waited.stderr).toContain(`"${HOSTILE}"`);
    expect(await filesUnder(root)).toEqual([]);
  });
});

// A real Chromium for the web client's browser tests, driven by playwright-core: Debian's own when the
// machine has it, else the one shipped inside the @sparticuz/chromium npm package (unpacked on first use;
// nothing is downloaded). Launched headless as CI runs it (as root: no sandbox), in a fresh profile, with
// the background traffic a test must not make (updates, sync, QUIC) turned off.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sparticuz from '@sparticuz/chromium';
import { type BrowserContext, chromium, type Page } from 'playwright-core';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface LaunchedBrowser {
  context: BrowserContext;
  /** Which Chromium runs: Debian's or the npm package's. */
  executablePath: string;
  close(): Promise<void>;
}

/** Starts Chromium with a new profile folder, removed again by `close`. */
export async function launchChromium(
  options: { width?: number; height?: number } = {},
): Promise<LaunchedBrowser> {
  const executablePath = existsSync(DEBIAN_CHROMIUM) ? DEBIAN_CHROMIUM : await unpackedChromium();
  const profile = await mkdtemp(join(tmpdir(), 'dubkit-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    args: CHROMIUM_FLAGS,
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
  });
  return {
    context,
    executablePath,
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

const UNPACK_WAIT_MS = 120_000;

/**
 * The npm package's Chromium, unpacked into the temp folder on first use. Test files run in parallel
 * processes, and the package returns a binary another process is still writing as if it were whole: one
 * process at a time unpacks, behind a lock folder (mkdir is atomic); a lock left by a killed run goes stale.
 */
async function unpackedChromium(): Promise<string> {
  const lock = join(tmpdir(), 'dubkit-chromium-unpack.lock');
  const deadline = Date.now() + UNPACK_WAIT_MS;
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const since = await stat(lock).then(
      (s) => s.mtimeMs,
      () => Date.now(),
    );
    if (Date.now() - since > UNPACK_WAIT_MS) await rm(lock, { recursive: true, force: true });
    if (Date.now() > deadline)
      throw new Error(`Chromium is still being unpacked by another process (lock ${lock})`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  try {
    return await sparticuz.executablePath();
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}

/** The page's DataTransfer, which Node's types do not know: what a drop carries. */
interface PageGlobals {
  DataTransfer: new () => { items: { add(file: File): void } };
}

/** Drops files on an element as a person drags them from their desktop (a `drop` event carrying them). */
export async function dropFiles(
  page: Page,
  selector: string,
  files: { name: string; mimeType: string; content: Uint8Array }[],
): Promise<void> {
  const encoded = files.map((f) => ({ ...f, content: Buffer.from(f.content).toString('base64') }));
  const transfer = await page.evaluateHandle((list) => {
    const transfer = new (globalThis as unknown as PageGlobals).DataTransfer();
    for (const f of list) {
      const bytes = Uint8Array.from(atob(f.content), (c) => c.charCodeAt(0));
      transfer.items.add(new File([bytes], f.name, { type: f.mimeType }));
    }
    return transfer;
  }, encoded);
  await page.dispatchEvent(selector, 'drop', { dataTransfer: transfer });
}

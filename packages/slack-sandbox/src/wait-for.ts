// Polling for something to show up, bounded: every scenario waits through this, so no wait can hang a test.

const POLL_MS = 25;

/**
 * Waits until `check` gives a value (not undefined/false), polling every 25 ms, for at most `timeoutMs`;
 * `check` may be async (an app's store read over a connection).
 */
export async function waitFor<T>(
  check: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs: number,
  what: string,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

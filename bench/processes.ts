// Helpers of the benches that run several processes: bounded concurrency, and a child's next message.
import type { ChildProcess } from 'node:child_process';

/** Runs `work(0…count-1)` with at most `limit` at once; the results in order. */
export async function mapLimit<T>(
  count: number,
  limit: number,
  work: (i: number) => Promise<T>,
): Promise<T[]> {
  const results = new Array<T>(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, count) }, async () => {
      while (next < count) {
        const i = next++;
        results[i] = await work(i);
      }
    }),
  );
  return results;
}

/** The child's next message of `kind`; rejects if the child exits first. */
export function nextMessage<T>(child: ChildProcess, kind: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: { kind: string } & T) => {
      if (message.kind !== kind) return;
      child.off('message', onMessage);
      resolve(message);
    };
    child.on('message', onMessage);
    child.once('exit', (code) => reject(new Error(`a bench process exited (${code})`)));
  });
}

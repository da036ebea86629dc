// Several replicas of the app, each its own process (`node src/main.ts`, HTTP mode, its own PORT), behind a
// small round-robin proxy, as a load balancer would put them: Slack's signed requests go through byte for
// byte (raw body, headers as sent), so each replica verifies them itself. A replica that refuses the
// connection (killed) is skipped, as a balancer's failed connect is retried elsewhere; nothing reached it,
// so nothing is done twice.
import { createServer, type IncomingMessage, request, type Server } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import type { StartedApp } from '@dubkit/slack-sandbox';
import { type AppProcess, startAppProcess } from './app-process.ts';

export interface Replicas extends StartedApp {
  eventsUrl: string;
  /** The replicas of the moment (a restarted one replaces its predecessor at the same index). */
  readonly processes: AppProcess[];
  /** Which replica served each request the proxy forwarded, in order. */
  readonly served: number[];
  /** SIGKILLs replica `index` (no chance to clean up). */
  kill(index: number): Promise<void>;
  /** Starts replica `index` again (a new process, a new port) on the same database. */
  restart(index: number): Promise<void>;
  /** Exits the test did not cause with SIGKILL: a replica must never end itself. */
  readonly ownExits: string[];
  /** What any replica logged from its last-resort guard (an unhandled rejection). */
  readonly lastResorts: string[];
}

export async function startReplicas(env: Record<string, string>, count: number): Promise<Replicas> {
  const ownExits: string[] = [];
  const started: AppProcess[] = [];
  const start = async (index: number) => {
    const replica = await startAppProcess(env);
    replica.child.once('exit', (code, signal) => {
      if (signal !== 'SIGKILL') ownExits.push(`replica ${index}: code ${code}, signal ${signal}`);
    });
    started.push(replica);
    return replica;
  };
  const processes: (AppProcess | undefined)[] = [];
  for (let i = 0; i < count; i += 1) processes.push(await start(i));
  const served: number[] = [];
  let next = 0;

  const forward = (index: number, body: Buffer, incoming: IncomingMessage) =>
    new Promise<{ status: number; headers: Record<string, string | string[]>; body: Buffer }>(
      (resolve, reject) => {
        const target = processes[index];
        if (!target) return reject(new Error('replica down'));
        const url = new URL(target.eventsUrl);
        const outgoing = request(
          {
            host: url.hostname,
            port: url.port,
            path: incoming.url,
            method: incoming.method,
            headers: incoming.headers,
          },
          (answer) => {
            const chunks: Buffer[] = [];
            answer.on('data', (chunk: Buffer) => chunks.push(chunk));
            answer.on('end', () =>
              resolve({
                status: answer.statusCode ?? 502,
                headers: answer.headers as Record<string, string | string[]>,
                body: Buffer.concat(chunks),
              }),
            );
            answer.on('error', reject);
          },
        );
        outgoing.on('error', reject);
        outgoing.end(body);
      },
    );

  const proxy: Server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', async () => {
      const body = Buffer.concat(chunks);
      // Round robin; a replica that cannot be reached is skipped (only a failed connect: the request never
      // got there), up to once round the ring.
      for (let tries = 0; tries < count; tries += 1) {
        const index = next;
        next = (next + 1) % count;
        try {
          const answer = await forward(index, body, incoming);
          served.push(index);
          response.writeHead(answer.status, answer.headers).end(answer.body);
          return;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ECONNREFUSED' && processes[index]) {
            response.writeHead(502).end();
            return;
          }
        }
      }
      response.writeHead(503).end();
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as { port: number };

  return {
    eventsUrl: `http://127.0.0.1:${port}/slack/events`,
    get processes() {
      return processes.filter((p): p is AppProcess => p !== undefined);
    },
    served,
    async kill(index) {
      const victim = processes[index];
      processes[index] = undefined;
      await victim?.stop();
    },
    async restart(index) {
      processes[index] = await start(index);
    },
    ownExits,
    get lastResorts() {
      return started.flatMap((replica) => replica.lastResorts);
    },
    async stop() {
      await Promise.all(processes.map((p) => p?.stop()));
      await new Promise((resolve) => proxy.close(resolve));
    },
  };
}

/** A free port on 127.0.0.1 (for a server of the test's own, such as its PostgreSQL). */
export async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

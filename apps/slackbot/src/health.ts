// Health endpoints for a process manager or a load balancer: GET /healthz answers 200 while the process
// serves requests at all (alive), GET /readyz answers 200 only when the database answers and the Slack
// connection is up (ready), else 503 naming the check that failed (`database`, `slack`) and nothing more: the
// reason (an address, a driver's message) goes to the log, since anyone who reaches the port can read the
// answer. In HTTP mode they are Bolt routes on PORT; in Socket
// Mode, where the app listens on no port for Slack, a small server of their own on HEALTH_PORT.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { boundConnections } from './slack/receiver.ts';

/** One condition of readiness: resolves when it holds, rejects (or throws) with the reason when it does not. */
export interface ReadinessProbe {
  name: string;
  check(): Promise<void> | void;
}

export interface Readiness {
  ready: boolean;
  /** Each probe's state: "ok" or why not. */
  checks: Record<string, string>;
}

/** A probe that takes longer than this counts as failed: a hung database must not hang the health check. */
const PROBE_TIMEOUT_MS = 2_000;

export async function readiness(probes: ReadinessProbe[], timeoutMs = PROBE_TIMEOUT_MS): Promise<Readiness> {
  const states = await Promise.all(
    probes.map(async (probe): Promise<[string, string]> => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      });
      try {
        await Promise.race([Promise.resolve().then(() => probe.check()), timeout]);
        return [probe.name, 'ok'];
      } catch (error) {
        return [probe.name, error instanceof Error ? error.message : String(error)];
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  const checks = Object.fromEntries(states);
  return { ready: states.every(([, state]) => state === 'ok'), checks };
}

/** The Slack connection's state as the app sees it; a probe reads it. */
export class SlackConnectionState {
  #reason: string | undefined = 'not connected yet';

  up(): void {
    this.#reason = undefined;
  }

  down(reason: string): void {
    this.#reason = reason;
  }

  readonly probe: ReadinessProbe = {
    name: 'slack',
    check: () => {
      if (this.#reason !== undefined) throw new Error(this.#reason);
    },
  };
}

export const HEALTHZ_PATH = '/healthz';
export const READYZ_PATH = '/readyz';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** Told the reasons of the checks that failed (for the log; the answer only names them). */
export type OnNotReady = (reasons: Record<string, string>) => void;

/** /healthz and /readyz (and `routes`) as handlers, for Bolt's `customRoutes` and the Socket Mode health server alike. */
export function healthHandlers(
  probes: ReadinessProbe[],
  onNotReady?: OnNotReady,
  routes: Record<string, Handler> = {},
): Record<string, Handler> {
  return {
    ...routes,
    [HEALTHZ_PATH]: (_req, res) => answer(res, 200, { status: 'ok' }),
    [READYZ_PATH]: (_req, res) => {
      readiness(probes).then(
        (state) => {
          const failing = Object.entries(state.checks).filter(([, reason]) => reason !== 'ok');
          if (failing.length > 0) onNotReady?.(Object.fromEntries(failing));
          const checks = Object.fromEntries(
            Object.entries(state.checks).map(([name, reason]) => [name, reason === 'ok' ? 'ok' : 'failing']),
          );
          answer(res, state.ready ? 200 : 503, {
            status: state.ready ? 'ready' : 'not ready',
            ready: state.ready,
            checks,
          });
        },
        // readiness() catches every probe's failure; this is for a failure of its own.
        (error: unknown) => {
          onNotReady?.({ readiness: String(error) });
          answer(res, 503, { status: 'not ready', ready: false });
        },
      );
    },
  };
}

/**
 * HTTP mode: /healthz and /readyz answered on the app's own port, before its receiver sees the request —
 * what Bolt's `customRoutes` does, for a receiver made outside Bolt (the guarded one), whose server calls
 * `requestListener` per request. Every other request goes on to the receiver unchanged.
 */
export function withHealthRoutes<R extends { requestListener: Handler }>(
  receiver: R,
  probes: ReadinessProbe[],
  onNotReady?: OnNotReady,
  routes?: Record<string, Handler>,
): R {
  const handlers = healthHandlers(probes, onNotReady, routes);
  const next = receiver.requestListener;
  receiver.requestListener = (req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    const handler = handlers[pathname];
    if (handler && (req.method === 'GET' || req.method === 'HEAD')) {
      handler(req, res);
      return;
    }
    next(req, res);
  };
  return receiver;
}

export interface HealthServer {
  /** e.g. http://127.0.0.1:8081 */
  url: string;
  close(): Promise<void>;
}

/** Socket Mode: a server answering /healthz and /readyz only, on `port` (0: any free one) and `host`. */
export async function startHealthServer(options: {
  port: number;
  host?: string;
  probes: ReadinessProbe[];
  onNotReady?: OnNotReady;
  /** More GET routes on the same server (/metrics). */
  routes?: Record<string, Handler>;
}): Promise<HealthServer> {
  const handlers = healthHandlers(options.probes, options.onNotReady, options.routes);
  const server: Server = createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    const handler = handlers[pathname];
    if (!handler) return answer(res, 404, { error: 'not found' });
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return answer(res, 405, { error: 'method not allowed' });
    handler(req, res);
  });
  boundConnections(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://${hostForUrl(address.address)}:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A bound address as a URL's host: a wildcard is reached on IPv4 loopback (a dual-stack '::' accepts IPv4
 * too, and IPv6 loopback may be off in a container), IPv6 in brackets.
 */
export function hostForUrl(address: string): string {
  if (address === '0.0.0.0' || address === '::' || address === '') return '127.0.0.1';
  return address.includes(':') ? `[${address}]` : address;
}

function answer(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

// Faults on the wire: added latency, 429s, 500/503s and connection resets, decided per request before anything
// else happens (a reset or a 503 comes whatever the request holds).
import type { Context, MiddlewareHandler, Next } from 'hono';
import type { EmulatorState } from '../state.ts';
import type { Env } from './env.ts';

/** Paths that faults affect unless `faults.paths` says otherwise: the service's own endpoints. */
export const API_PREFIXES = ['/v2/', '/api/', '/oauth2/'];

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function faultsMiddleware(state: EmulatorState): MiddlewareHandler<Env> {
  // Not async in the common case (no fault set): every request, polling included, passes here.
  return (c, next) => (state.faults.idle ? next() : applyFaults(state, c, next));
}

async function applyFaults(state: EmulatorState, c: Context<Env>, next: Next): Promise<Response | undefined> {
  const path = c.req.path;
  const affected = state.faults.paths || API_PREFIXES.some((prefix) => path.startsWith(prefix));
  if (!affected) return passOn(next);
  const action = state.faults.decide(path);
  if (action.delayMs > 0) await delay(action.delayMs);
  if (action.kind === 'reset') {
    c.env.incoming.socket.destroy();
    return new Response(null, { status: 500 });
  }
  if (action.kind === 'rate-limit') {
    c.header('Retry-After', String(action.retryAfter));
    return c.json({ detail: 'Too many requests' }, 429);
  }
  if (action.kind === 'error') {
    return c.json(
      { detail: action.status === 503 ? 'Service Unavailable' : 'Internal Server Error' },
      action.status as 500,
    );
  }
  return passOn(next);
}

/** Lets the request through: the route's answer is the one given. */
async function passOn(next: Next): Promise<undefined> {
  await next();
  return undefined;
}

// Faults on the wire: added latency, 429s, 500/503s and connection resets, decided per request before anything
// else happens (a reset or a 503 comes whatever the request holds).
import type { MiddlewareHandler } from 'hono';
import type { EmulatorState } from '../state.ts';
import type { Env } from './env.ts';

/** Paths that faults affect unless `faults.paths` says otherwise: the service's own endpoints. */
export const API_PREFIXES = ['/v2/', '/api/', '/oauth2/'];

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function faultsMiddleware(state: EmulatorState): MiddlewareHandler<Env> {
  return async (c, next) => {
    if (state.faults.idle) return next();
    const path = c.req.path;
    if (!state.faults.paths && !API_PREFIXES.some((prefix) => path.startsWith(prefix))) return next();
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
    return next();
  };
}

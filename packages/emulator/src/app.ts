// The HTTP interface: every endpoint of docs/service.md (one route each, in routes/), plus /files
// and /_admin. One middleware chain for every request: a request id, faults, then authentication for the API.
import { randomUUID } from 'node:crypto';
import { Hono, type MiddlewareHandler } from 'hono';
import { adminRoutes } from './admin.ts';
import { fileRoutes } from './files.ts';
import { notAuthenticated, type TokenBook } from './http/auth.ts';
import type { Env } from './http/env.ts';
import { HttpError } from './http/errors.ts';
import { API_PREFIXES, faultsMiddleware } from './http/faults-middleware.ts';
import { creditRoutes } from './routes/credits.ts';
import { glossaryRoutes } from './routes/glossaries.ts';
import { lipsyncRoutes } from './routes/lipsync.ts';
import { mediaRoutes } from './routes/media.ts';
import { projectRoutes } from './routes/projects.ts';
import { tokenRoutes } from './routes/token.ts';
import { transcriptionRoutes } from './routes/transcription.ts';
import type { EmulatorState } from './state.ts';

/** `/v2/projects/:project_id` → a pattern matching its paths, to tell a wrong method (405) from a wrong path. */
const pathPattern = (route: string) =>
  new RegExp(`^${route.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z_]+/g, '[^/]+')}$`);

export function createApp(state: EmulatorState, tokens: TokenBook, adminToken: string | undefined) {
  const app = new Hono<Env>();

  app.onError((error, c) => {
    if (error instanceof HttpError) {
      for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
      return c.json(error.body as object, error.status as 400);
    }
    console.error('[dubkit-emulator] internal error:', error);
    return c.json({ detail: 'Internal Server Error' }, 500);
  });

  // Every answer carries its own id, as a hosted service's do, so that a client's errors can name the request.
  // Set before the route runs: every answer made through the context (c.json, c.body; errors too) takes it along,
  // and the answer stays on @hono/node-server's fast way out. Setting it on the finished answer instead made its
  // headers a Headers object and cost a fifth of the polling throughput (pnpm bench emulator, A/B).
  app.use('*', (c, next) => {
    c.header('x-request-id', randomUUID());
    return next();
  });
  app.use('*', faultsMiddleware(state));

  // Not async: one promise less per request. Node's parsed headers: cheaper than a Fetch Headers object.
  const authenticate: MiddlewareHandler<Env> = (c, next) => {
    const name = tokens.accountFor(c.env.incoming.headers.authorization);
    if (name === undefined) throw notAuthenticated();
    c.set('account', state.account(name));
    return next();
  };
  app.use('/v2/*', authenticate);
  app.use('/api/*', authenticate);

  tokenRoutes(app, tokens);
  mediaRoutes(app, state);
  projectRoutes(app, state);
  transcriptionRoutes(app, state);
  lipsyncRoutes(app, state);
  glossaryRoutes(app, state);
  creditRoutes(app);

  // A known path with another method is 405, as FastAPI answers; any other path 404.
  const apiPaths = [
    ...new Set(
      app.routes
        .filter(
          (route) => route.method !== 'ALL' && API_PREFIXES.some((prefix) => route.path.startsWith(prefix)),
        )
        .map((route) => route.path),
    ),
  ].map(pathPattern);
  app.notFound((c) => {
    if (apiPaths.some((pattern) => pattern.test(c.req.path))) {
      return c.json({ detail: 'Method Not Allowed' }, 405);
    }
    return c.json({ detail: 'Not Found' }, 404);
  });

  app.route('/files', fileRoutes(state));
  app.route('/_admin', adminRoutes(state, tokens, adminToken));
  return app;
}

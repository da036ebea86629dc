// The HTTP interface: every endpoint of service-api.md with decisions.md's rules, plus /files and /_admin.

import { randomUUID } from 'node:crypto';
import {
  glossaryCreateBodySchema,
  glossaryUpdateBodySchema,
  lipsyncStartBodySchema,
  mediaLinkBodySchema,
  mediaUploadQuerySchema,
  projectCreateBodySchema,
  projectListQuerySchema,
  projectUpdateBodySchema,
  segmentsPatchBodySchema,
} from '@dubkit/core/schemas';
import type { HttpBindings } from '@hono/node-server';
import { type Context, Hono } from 'hono';
import { adminRoutes } from './admin.ts';
import { fileRoutes } from './files.ts';
import { createGlossary, deleteGlossary, findGlossary, glossaryView, updateGlossary } from './glossaries.ts';
import { notAuthenticated, type TokenBook } from './http/auth.ts';
import { HttpError, invalid, validate } from './http/errors.ts';
import { findMedia, linkMedia, mediaView, uploadMedia } from './media/service.ts';
import type { Account } from './model.ts';
import { lipsyncView, startFaceCheck, startLipsync } from './projects/lipsync.ts';
import {
  createProject,
  deleteSegment,
  findProject,
  generateProject,
  listProjects,
  patchProject,
  patchSegments,
  projectView,
  transcriptionView,
} from './projects/service.ts';
import type { EmulatorState } from './state.ts';
import { createSrtTranscription } from './transcriptions.ts';

export type Env = { Bindings: HttpBindings; Variables: { account: Account } };
type Ctx = Context<Env>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_JSON_BYTES = 11 * 1024 * 1024;
/** Paths that faults affect unless `faults.paths` says otherwise: the service's own endpoints. */
const API_PREFIXES = ['/v2/', '/api/', '/oauth2/'];

/** A path id as FastAPI validates a UUID path parameter. */
function pathId(c: Ctx, name: string): string {
  const value = c.req.param(name) ?? '';
  if (!UUID.test(value)) throw invalid(['path', name], 'Input should be a valid UUID', 'uuid_parsing');
  return value.toLowerCase();
}

async function jsonBody(c: Ctx): Promise<unknown> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) {
    throw invalid(['body'], 'Expected a JSON body (Content-Type: application/json)', 'model_attributes_type');
  }
  const length = Number(c.req.header('content-length') ?? 0);
  if (length > MAX_JSON_BYTES)
    throw new HttpError(413, { detail: `The body is larger than ${MAX_JSON_BYTES} bytes` });
  const text = await c.req.text();
  try {
    return JSON.parse(text);
  } catch (error) {
    throw invalid(['body'], `JSON decode error: ${(error as Error).message}`, 'json_invalid');
  }
}

/** Rejects query parameters an endpoint does not take (the emulator is strict). */
function onlyQuery(c: Ctx, allowed: string[]): void {
  for (const key of Object.keys(c.req.queries())) {
    if (!allowed.includes(key))
      throw invalid(['query', key], 'Extra inputs are not permitted', 'extra_forbidden');
  }
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
  app.notFound((c) => c.json({ detail: 'Not Found' }, 404));

  // Every answer carries its own id, as a hosted service's do, so that a client's errors can name the request.
  // Set on the finished answer (errors included); a header set on the Node response beforehand would cost the
  // polling fast path a third of its speed, so that path writes its own (fast-path.ts).
  app.use('*', async (c, next) => {
    await next();
    c.res.headers.set('x-request-id', randomUUID());
  });

  // Faults first, so that a reset or a 503 happens whatever the request holds.
  app.use('*', async (c, next) => {
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
  });

  app.post('/oauth2/token', async (c) => {
    const form = new URLSearchParams(await c.req.text());
    return c.json(tokens.exchange(c.req.header('authorization'), form));
  });

  const authenticate = async (c: Ctx, next: () => Promise<void>) => {
    // Node's parsed headers: cheaper than building a Fetch Headers object on every request.
    const name = tokens.accountFor(c.env.incoming.headers.authorization);
    if (name === undefined) throw notAuthenticated();
    c.set('account', state.account(name));
    await next();
  };
  app.use('/v2/*', authenticate);
  app.use('/api/*', authenticate);

  // Media
  app.post('/api/library/v1/media', async (c) => {
    const query = validate(mediaUploadQuerySchema, c.req.query(), 'query');
    const record = await uploadMedia(
      state,
      c.var.account,
      { contentType: c.req.header('content-type'), body: c.env.incoming },
      query.kind,
    );
    return c.json(record);
  });
  app.post('/api/library/v1/media/link', async (c) => {
    const body = validate(mediaLinkBodySchema, await jsonBody(c));
    return c.json(await linkMedia(state, c.var.account, body));
  });
  app.get('/api/library/v1/media/:media_id', (c) =>
    c.json(mediaView(state, findMedia(state, c.var.account, pathId(c, 'media_id')))),
  );

  // Projects
  app.post('/v2/projects', async (c) => {
    const body = validate(projectCreateBodySchema, await jsonBody(c));
    return c.json(projectView(state, createProject(state, c.var.account, body)));
  });
  app.get('/v2/projects', (c) => {
    const query = validate(projectListQuerySchema, c.req.query(), 'query');
    return c.json(listProjects(state, c.var.account, query));
  });
  app.get('/v2/projects/:project_id', (c) =>
    c.json(projectView(state, findProject(state, c.var.account, pathId(c, 'project_id')))),
  );
  app.patch('/v2/projects/:project_id', async (c) => {
    const project = findProject(state, c.var.account, pathId(c, 'project_id'));
    const body = validate(projectUpdateBodySchema, await jsonBody(c));
    return c.json(patchProject(state, project, body));
  });
  app.post('/v2/projects/:project_id/generate', (c) =>
    c.json(generateProject(state, findProject(state, c.var.account, pathId(c, 'project_id')))),
  );

  // Transcription
  app.get('/v2/projects/:project_id/transcription', (c) => {
    const project = findProject(state, c.var.account, pathId(c, 'project_id'));
    onlyQuery(c, ['segment_ids']);
    return c.json(transcriptionView(state, project, c.req.queries('segment_ids') ?? []));
  });
  app.patch('/v2/projects/:project_id/transcription/segments', async (c) => {
    const project = findProject(state, c.var.account, pathId(c, 'project_id'));
    const body = validate(segmentsPatchBodySchema, await jsonBody(c));
    return c.json(patchSegments(state, project, body));
  });
  app.delete('/v2/projects/:project_id/transcription/segments/:segment_id', (c) => {
    const project = findProject(state, c.var.account, pathId(c, 'project_id'));
    return c.json(deleteSegment(state, project, c.req.param('segment_id')));
  });
  app.post('/v2/transcriptions/srt', async (c) => {
    const request = {
      contentType: c.req.header('content-type'),
      body: c.env.incoming,
      query: new URL(c.req.url).searchParams,
    };
    return c.json(await createSrtTranscription(state, c.var.account, request));
  });

  // Lip-sync
  app.put('/v2/projects/:project_id/check_face', (c) =>
    c.json(startFaceCheck(state, findProject(state, c.var.account, pathId(c, 'project_id')))),
  );
  app.put('/v2/projects/:project_id/lipsync', async (c) => {
    const project = findProject(state, c.var.account, pathId(c, 'project_id'));
    const body = validate(lipsyncStartBodySchema, await jsonBody(c));
    return c.json(startLipsync(state, project, body));
  });
  app.get('/v2/projects/:project_id/lipsync', (c) =>
    c.json(lipsyncView(state, findProject(state, c.var.account, pathId(c, 'project_id')))),
  );

  // Glossaries
  app.post('/v2/glossaries', async (c) => {
    const body = validate(glossaryCreateBodySchema, await jsonBody(c));
    return c.json(glossaryView(createGlossary(state, c.var.account, body)));
  });
  app.get('/v2/glossaries/:glossary_id', (c) =>
    c.json(glossaryView(findGlossary(state, c.var.account, pathId(c, 'glossary_id')))),
  );
  app.put('/v2/glossaries/:glossary_id', async (c) => {
    const glossary = findGlossary(state, c.var.account, pathId(c, 'glossary_id'));
    const body = validate(glossaryUpdateBodySchema, await jsonBody(c));
    return c.json(glossaryView(updateGlossary(glossary, body)));
  });
  app.delete('/v2/glossaries/:glossary_id', (c) =>
    c.json(deleteGlossary(state, findGlossary(state, c.var.account, pathId(c, 'glossary_id')))),
  );

  // Account
  app.get('/v2/credits', (c) => c.json(c.var.account.credits));

  // A known path with another method is 405, as FastAPI answers (registered last, so real routes win).
  const apiPaths = new Set(
    app.routes
      .filter(
        (route) => route.method !== 'ALL' && API_PREFIXES.some((prefix) => route.path.startsWith(prefix)),
      )
      .map((route) => route.path),
  );
  for (const path of apiPaths) {
    app.all(path, () => {
      throw new HttpError(405, { detail: 'Method Not Allowed' });
    });
  }

  app.route('/files', fileRoutes(state));
  app.route('/_admin', adminRoutes(state, tokens, adminToken));
  return app;
}

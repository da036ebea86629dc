// /_admin: test and demo controls (faults, clock, speed, credits, tokens, seeding, glossary drops, project
// reads, stats). Guarded by the admin token when one is configured, otherwise open to loopback callers only.
import type { IncomingMessage } from 'node:http';
import { Hono } from 'hono';
import { iso } from './clock.ts';
import { setTotals } from './credits.ts';
import { type Faults, faultProblems } from './faults.ts';
import { sameSecret, type TokenBook } from './http/auth.ts';
import { MAX_FORM_BYTES, readLimited, requestBody } from './http/body.ts';
import type { Env } from './http/env.ts';
import { HttpError, invalid } from './http/errors.ts';
import { seedProjects } from './seed.ts';
import type { EmulatorState } from './state.ts';

/** One seed call stays within a few seconds and a few hundred MB. */
const MAX_SEED = 1_000_000;
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** A JSON object body (an empty body is `{}`), of a few KiB at most. */
async function jsonObject(incoming: IncomingMessage): Promise<Record<string, unknown>> {
  const bytes = await readLimited(
    requestBody(incoming),
    incoming.headers['content-length'],
    MAX_FORM_BYTES,
    'The body',
  );
  const text = bytes.toString('utf8');
  let value: unknown;
  try {
    value = text === '' ? {} : JSON.parse(text);
  } catch (error) {
    throw invalid(['body'], `JSON decode error: ${(error as Error).message}`, 'json_invalid');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw invalid(['body'], 'Expected a JSON object');
  return value as Record<string, unknown>;
}

function count(body: Record<string, unknown>, key: string, required = false): number | undefined {
  const value = body[key];
  if (value === undefined && !required) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw invalid(['body', key], `${key} must be a number ≥ 0`);
  }
  return value;
}

function accountName(body: Record<string, unknown>): string {
  const value = body.account ?? 'default';
  if (typeof value !== 'string' || value === '')
    throw invalid(['body', 'account'], 'account must be a non-empty string');
  return value;
}

export function adminRoutes(state: EmulatorState, tokens: TokenBook, adminToken: string | undefined) {
  const admin = new Hono<Env>();

  admin.use('*', async (c, next) => {
    if (adminToken !== undefined) {
      const given =
        c.req.header('x-admin-token') ?? /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
      if (!given || !sameSecret(given, adminToken))
        throw new HttpError(401, { detail: 'Admin token required' });
    } else if (!LOOPBACK.has(c.env.incoming.socket.remoteAddress ?? '')) {
      throw new HttpError(403, {
        detail: 'The admin endpoints answer loopback callers only (or set an admin token)',
      });
    }
    await next();
  });

  admin.get('/faults', (c) => c.json(state.faults.current));
  const setFaults =
    (merge: boolean) => async (c: { env: Env['Bindings']; json: (body: object) => Response }) => {
      const body = await jsonObject(c.env.incoming);
      const problems = faultProblems(body);
      if (problems.length > 0) throw invalid(['body'], problems.join('; '));
      if (merge) state.faults.update(body as Faults);
      else state.faults.set(body as Faults);
      return c.json(state.faults.current);
    };
  admin.post('/faults', setFaults(true));
  admin.put('/faults', setFaults(false));
  admin.delete('/faults', (c) => {
    state.faults.clear();
    return c.json(state.faults.current);
  });

  admin.post('/clock', async (c) => {
    const advance = count(await jsonObject(c.env.incoming), 'advance_ms', true)!;
    return c.json({ now: iso(state.clock.advance(advance)) });
  });

  admin.get('/speed', (c) => c.json({ speed: state.speed }));
  admin.post('/speed', async (c) => {
    const speed = count(await jsonObject(c.env.incoming), 'speed', true)!;
    if (speed <= 0) throw invalid(['body', 'speed'], 'speed must be above 0');
    state.speed = speed;
    return c.json({ speed });
  });

  admin.post('/credits', async (c) => {
    const body = await jsonObject(c.env.incoming);
    const account = state.account(accountName(body));
    setTotals(account, {
      minutes: count(body, 'minutes'),
      video: count(body, 'video'),
      lipsyncFreeMinutes: count(body, 'lipsync_free_minutes'),
    });
    return c.json(account.credits);
  });

  admin.post('/tokens', async (c) => {
    const body = await jsonObject(c.env.incoming);
    const account = accountName(body);
    if (body.token !== undefined) {
      if (typeof body.token !== 'string') throw invalid(['body', 'token'], 'token must be a string');
      tokens.addToken(body.token, account);
      return c.json({ access_token: body.token, token_type: 'Bearer', account });
    }
    return c.json({ ...tokens.issue(account, count(body, 'ttl_seconds')), account });
  });

  admin.post('/seed', async (c) => {
    const body = await jsonObject(c.env.incoming);
    const wanted = count(body, 'count', true)!;
    if (!Number.isInteger(wanted) || wanted > MAX_SEED) {
      throw invalid(['body', 'count'], `count must be a whole number up to ${MAX_SEED}`);
    }
    const created = await seedProjects(state, state.account(accountName(body)), wanted);
    return c.json({ created: created.length, ids: created });
  });

  admin.get('/glossary-drops', (c) => c.json(state.glossaryDrops.current));
  admin.post('/glossary-drops', async (c) => {
    const body = await jsonObject(c.env.incoming);
    for (const key of ['project', 'term'] as const) {
      if (typeof body[key] !== 'string' || body[key] === '')
        throw invalid(['body', key], `${key} must be a non-empty string`);
    }
    state.glossaryDrops.add({ project: body.project as string, term: body.term as string });
    return c.json(state.glossaryDrops.current);
  });
  admin.delete('/glossary-drops', (c) => {
    state.glossaryDrops.clear();
    return c.json(state.glossaryDrops.current);
  });

  // When projects were polled: `?project=<id>` for one, otherwise all of them (ms since the epoch).
  admin.get('/project-reads', (c) => {
    const id = c.req.query('project');
    return c.json(
      id === undefined ? { projects: state.projectReads.all() } : { reads: state.projectReads.of(id) },
    );
  });
  admin.delete('/project-reads', (c) => {
    state.projectReads.clear();
    return c.json({ projects: {} });
  });

  admin.get('/stats', (c) => {
    if (c.req.query('gc') !== undefined) (globalThis as { gc?: () => void }).gc?.();
    return c.json({
      accounts: state.accounts.size,
      media: state.media.size,
      projects: state.projects.size,
      glossaries: state.glossaries.size,
      transcriptions: state.transcriptions.size,
      speed: state.speed,
      now: iso(state.clock.now()),
      memory: process.memoryUsage(),
      cpu: process.cpuUsage(),
    });
  });
  return admin;
}

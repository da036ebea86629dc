// Face check and lip-sync on a dubbed project.
import type { Hono } from 'hono';
import { readJson } from '../http/body.ts';
import type { Ctx, Env } from '../http/env.ts';
import { validate } from '../http/errors.ts';
import { lipsyncView, startFaceCheck, startLipsync } from '../projects/lipsync.ts';
import { lipsyncStartBody } from '../spec/lipsync.ts';
import type { EmulatorState } from '../state.ts';
import { pathProject } from './lookup.ts';

export function lipsyncRoutes(app: Hono<Env>, state: EmulatorState): void {
  const project = (c: Ctx) => pathProject(state, c);

  app.put('/v2/projects/:project_id/check_face', (c) => c.json(startFaceCheck(state, project(c))));
  app.put('/v2/projects/:project_id/lipsync', async (c) => {
    const found = project(c);
    const body = validate(lipsyncStartBody, await readJson(c.env.incoming));
    return c.json(startLipsync(state, found, body));
  });
  app.get('/v2/projects/:project_id/lipsync', (c) => c.json(lipsyncView(state, project(c))));
}

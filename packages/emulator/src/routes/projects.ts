// Projects: create, list, read (the endpoint clients poll), patch, the voices they may use, and generate.
import type { Hono } from 'hono';
import { readJson } from '../http/body.ts';
import type { Ctx, Env } from '../http/env.ts';
import { validate } from '../http/errors.ts';
import { singleQuery } from '../http/params.ts';
import {
  createProject,
  generateProject,
  listProjects,
  patchProject,
  projectView,
} from '../projects/service.ts';
import { voicesOf, voiceView } from '../projects/voices.ts';
import { projectCreateBody, projectListQuery, projectUpdateBody } from '../spec/projects.ts';
import type { EmulatorState } from '../state.ts';
import { pathProject } from './lookup.ts';

export function projectRoutes(app: Hono<Env>, state: EmulatorState): void {
  const project = (c: Ctx) => pathProject(state, c);

  app.post('/v2/projects', async (c) => {
    const body = validate(projectCreateBody, await readJson(c.env.incoming));
    return c.json(projectView(state, createProject(state, c.var.account, body)));
  });
  app.get('/v2/projects', (c) => {
    const query = validate(projectListQuery, singleQuery(c, ['offset', 'limit', 'name']), 'query');
    return c.json(listProjects(state, c.var.account, query));
  });
  app.get('/v2/projects/:project_id', (c) => {
    const found = project(c);
    state.projectReads.record(found.id, Date.now());
    return c.json(projectView(state, found));
  });
  app.patch('/v2/projects/:project_id', async (c) => {
    const found = project(c);
    const body = validate(projectUpdateBody, await readJson(c.env.incoming));
    return c.json(patchProject(state, found, body));
  });
  app.get('/v2/projects/:project_id/voices', (c) =>
    c.json(voicesOf(project(c)).map((voice) => voiceView(state, voice))),
  );
  app.post('/v2/projects/:project_id/generate', (c) => c.json(generateProject(state, project(c))));
}

// A project's transcription (read, add, patch, delete segments) and transcriptions made before a project, from
// JSON segments or from .srt files.
import type { Hono } from 'hono';
import { readJson } from '../http/body.ts';
import type { Ctx, Env } from '../http/env.ts';
import { validate } from '../http/errors.ts';
import { queryOf } from '../http/params.ts';
import { addSegments, deleteSegment, patchSegments, transcriptionView } from '../projects/edits.ts';
import { segmentsCreateBody, segmentsPatchBody, transcriptionCreateBody } from '../spec/segments.ts';
import type { EmulatorState } from '../state.ts';
import { createJsonTranscription } from '../transcriptions/from-json.ts';
import { createSrtTranscription, SRT_QUERY } from '../transcriptions/from-srt.ts';
import { pathProject } from './lookup.ts';

export function transcriptionRoutes(app: Hono<Env>, state: EmulatorState): void {
  const project = (c: Ctx) => pathProject(state, c);

  app.get('/v2/projects/:project_id/transcription', (c) => {
    const found = project(c);
    const ids = queryOf(c, ['segment_ids']).get('segment_ids') ?? [];
    return c.json(transcriptionView(state, found, ids));
  });
  app.post('/v2/projects/:project_id/transcription/segments', async (c) => {
    const found = project(c);
    const body = validate(segmentsCreateBody, await readJson(c.env.incoming));
    return c.json(addSegments(state, found, body));
  });
  app.patch('/v2/projects/:project_id/transcription/segments', async (c) => {
    const found = project(c);
    const body = validate(segmentsPatchBody, await readJson(c.env.incoming));
    return c.json(patchSegments(state, found, body));
  });
  app.delete('/v2/projects/:project_id/transcription/segments/:segment_id', (c) =>
    c.json(deleteSegment(state, project(c), c.req.param('segment_id'))),
  );
  app.post('/v2/transcriptions', async (c) => {
    const body = validate(transcriptionCreateBody, await readJson(c.env.incoming));
    return c.json(createJsonTranscription(state, c.var.account, body));
  });
  app.post('/v2/transcriptions/srt', async (c) => {
    const query = queryOf(c, SRT_QUERY);
    return c.json(await createSrtTranscription(state, c.var.account, c.env.incoming, query));
  });
}

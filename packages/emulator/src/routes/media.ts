// Media: upload a file (multipart, streamed to disk), upload by link, read a record.
import type { Hono } from 'hono';
import { readJson } from '../http/body.ts';
import type { Env } from '../http/env.ts';
import { validate } from '../http/errors.ts';
import { pathId, singleQuery } from '../http/params.ts';
import { findMedia, linkMedia, mediaView, uploadMedia } from '../media/service.ts';
import { mediaLinkBody, mediaUploadQuery } from '../spec/media.ts';
import type { EmulatorState } from '../state.ts';

export function mediaRoutes(app: Hono<Env>, state: EmulatorState): void {
  app.post('/api/library/v1/media', async (c) => {
    const query = validate(mediaUploadQuery, singleQuery(c, ['kind']), 'query');
    return c.json(await uploadMedia(state, c.var.account, c.env.incoming, query.kind));
  });
  app.post('/api/library/v1/media/link', async (c) => {
    const body = validate(mediaLinkBody, await readJson(c.env.incoming));
    return c.json(await linkMedia(state, c.var.account, body));
  });
  app.get('/api/library/v1/media/:media_id', (c) =>
    c.json(mediaView(state, findMedia(state, c.var.account, pathId(c, 'media_id')))),
  );
}

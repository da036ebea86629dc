// Glossaries: create, read, replace, delete.
import type { Hono } from 'hono';
import { createGlossary, deleteGlossary, findGlossary, glossaryView, updateGlossary } from '../glossaries.ts';
import { readJson } from '../http/body.ts';
import type { Env } from '../http/env.ts';
import { validate } from '../http/errors.ts';
import { pathId } from '../http/params.ts';
import { glossaryCreateBody, glossaryUpdateBody } from '../spec/glossaries.ts';
import type { EmulatorState } from '../state.ts';

export function glossaryRoutes(app: Hono<Env>, state: EmulatorState): void {
  const glossary = (c: Parameters<typeof pathId>[0]) =>
    findGlossary(state, c.var.account, pathId(c, 'glossary_id'));

  app.post('/v2/glossaries', async (c) => {
    const body = validate(glossaryCreateBody, await readJson(c.env.incoming));
    return c.json(glossaryView(createGlossary(state, c.var.account, body)));
  });
  app.get('/v2/glossaries/:glossary_id', (c) => c.json(glossaryView(glossary(c))));
  app.put('/v2/glossaries/:glossary_id', async (c) => {
    const found = glossary(c);
    const body = validate(glossaryUpdateBody, await readJson(c.env.incoming));
    return c.json(glossaryView(updateGlossary(found, body)));
  });
  app.delete('/v2/glossaries/:glossary_id', (c) => c.json(deleteGlossary(state, glossary(c))));
}

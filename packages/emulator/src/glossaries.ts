// Glossaries: per-account term lists; each update replaces the entries and increments the version.
import { randomUUID } from 'node:crypto';
import { notFound } from './http/errors.ts';
import type { Account, Glossary } from './model.ts';
import type { EmulatorState } from './state.ts';

export function glossaryView(glossary: Glossary) {
  return {
    id: glossary.id,
    name: glossary.name,
    version: glossary.version,
    src_lang: glossary.srcLang,
    dst_lang: glossary.dstLang,
    entries: glossary.entries,
  };
}

export function findGlossary(state: EmulatorState, account: Account, id: string): Glossary {
  const glossary = state.glossaries.get(id);
  if (!glossary || glossary.account !== account) throw notFound('Glossary');
  return glossary;
}

export function createGlossary(
  state: EmulatorState,
  account: Account,
  body: { name: string; src_lang: string; dst_lang: string; entries: Record<string, string> },
): Glossary {
  const glossary: Glossary = {
    id: randomUUID(),
    account,
    name: body.name,
    srcLang: body.src_lang,
    dstLang: body.dst_lang,
    entries: body.entries,
    version: 1,
  };
  state.glossaries.set(glossary.id, glossary);
  return glossary;
}

/** Replaces name and entries. Projects keep the entries of the version they were created with. */
export function updateGlossary(
  glossary: Glossary,
  body: { name: string; entries: Record<string, string> },
): Glossary {
  glossary.name = body.name;
  glossary.entries = body.entries;
  glossary.version++;
  return glossary;
}

export function deleteGlossary(state: EmulatorState, glossary: Glossary) {
  state.glossaries.delete(glossary.id);
  return { id: glossary.id };
}

// The largest inputs the Block Kit tests feed the builders: long strings and many glossaries.
import type { GlossaryRecord } from '../store/store.ts';

export const long = (n: number): string => 'x'.repeat(n);

/** A glossary with a 90-character name, alternating between two language pairs. */
export const glossaryRecord = (i: number): GlossaryRecord => ({
  id: `g-${String(i).padStart(30, '0')}`,
  name: `${long(90)} ${i}`,
  srcLang: 'en',
  dstLang: i % 2 ? 'es' : 'pt-br',
  version: i,
  channel: 'C1',
  createdBy: 'U1',
  updatedAt: i,
});

/** 300 glossaries, as records and as picker options. */
export const manyGlossaries = Array.from({ length: 300 }, (_, i) => glossaryRecord(i));
export const pickerOptions = manyGlossaries.map((g) => ({ id: g.id, label: g.name }));

// The glossaries picked on a job card, turned into each destination language's glossary: for every
// language, the picked glossary for that target language (and the job's source language, when known).
// Recorded before the job starts, so a language with none picked stays without (the channel's default
// only applies when no choice was made at all).
import type { GlossaryRecord, JobChoice, Store } from '../../store/store.ts';
import { GLOSSARY_PICKER } from './blocks.ts';

type StateValues = Record<string, Record<string, { selected_options?: { value?: string }[] | null }>>;

/** The glossary ids picked in a card's state; undefined when the card had no glossary picker. */
export function pickedGlossaries(values: StateValues): string[] | undefined {
  const picker = values[GLOSSARY_PICKER.block]?.[GLOSSARY_PICKER.action];
  if (!picker) return undefined;
  return (picker.selected_options ?? [])
    .map((o) => o.value)
    .filter((v): v is string => typeof v === 'string');
}

export async function recordGlossaryChoice(
  store: Store,
  jobId: string,
  choice: JobChoice,
  picked: string[],
): Promise<void> {
  const glossaries = (await Promise.all(picked.map((id) => store.getGlossary(id)))).filter((g): g is GlossaryRecord => g !== undefined);
  for (const lang of choice.dstLangs) {
    const glossary = glossaries.find(
      (g) => g.dstLang === lang && (choice.srcLang === null || g.srcLang === choice.srcLang),
    );
    const previous = await store.targetOptions(jobId, lang);
    await store.setTargetOptions(jobId, lang, {
      glossaryId: glossary?.id ?? null,
      transcriptId: previous?.transcriptId ?? null,
    });
  }
}

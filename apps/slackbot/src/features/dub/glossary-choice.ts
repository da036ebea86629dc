// The glossaries picked on a job card, turned into each destination language's glossary: for every
// language, the picked glossary for that target language (and the job's source language, when known).
// Recorded before the job starts, so a language with none picked stays without (the channel's default
// only applies when no choice was made at all).
import type { GlossaryRecord, GlossaryStore, JobChoice, JobStore } from '../../store/store.ts';

export async function recordGlossaryChoice(
  store: GlossaryStore & JobStore,
  jobId: string,
  choice: JobChoice,
  picked: string[],
): Promise<void> {
  const glossaries = (await Promise.all(picked.map((id) => store.getGlossary(id)))).filter(
    (g): g is GlossaryRecord => g !== undefined,
  );
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

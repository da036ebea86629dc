// A project's transcription: synthetic segments made from the media on first read, or the uploaded ones,
// translated with the project's glossary; and their JSON shape.
import { randomUUID } from 'node:crypto';
import { formatTimecode } from '@dubkit/srt';
import type { Project, Segment } from '../model.ts';
import {
  type CompiledGlossary,
  compileGlossary,
  detectedSpeakers,
  segmentCount,
  segmentTimes,
  sentence,
  speakerName,
  translate,
} from './synth.ts';

/** How many speakers the project has once speaker determination ran (or as given). */
export function speakersOf(project: Project): number {
  if (project.givenSpeakers !== undefined) return project.givenSpeakers;
  if (project.transcriptSource) {
    return Math.max(1, new Set(project.transcriptSource.segments.map((segment) => segment.speaker)).size);
  }
  return detectedSpeakers(project.media.fingerprint, segmentCount(project.duration));
}

/**
 * The speakers' names: those the segments name once they exist (edits may add or remove speakers), else the
 * `SPEAKER_00…` of the speaker count, so that reading a project does not make its segments.
 */
export function speakerNamesOf(project: Project): string[] {
  if (project.segments) return [...new Set(project.segments.map((segment) => segment.speaker))].sort();
  return Array.from({ length: speakersOf(project) }, (_, index) => speakerName(index));
}

/** The project's glossary as the emulated translation applies it: less any term dropped on demand. */
export function glossaryOf(project: Project): CompiledGlossary | undefined {
  const entries = project.glossaryEntries;
  if (!entries) return undefined;
  const dropped = project.droppedTerms;
  if (!dropped || dropped.size === 0) return compileGlossary(entries);
  const kept = Object.fromEntries(
    Object.entries(entries).filter(([term]) => !dropped.has(term.toLowerCase())),
  );
  return compileGlossary(kept);
}

export function segmentsOf(project: Project): Segment[] {
  if (project.segments) return project.segments;
  const glossary = glossaryOf(project);
  const { srcLang, dstLang } = project;
  if (project.transcriptSource) {
    project.segments = project.transcriptSource.segments.map((segment) => ({
      ...segment,
      id: randomUUID(),
      srcLang,
      dstLang,
      dstText: segment.dstText !== '' ? segment.dstText : translate(segment.srcText, dstLang, glossary),
      status: 'done',
    }));
  } else {
    const speakers = speakersOf(project);
    const { fingerprint } = project.media;
    project.segments = segmentTimes(project.duration).map(({ startMs, endMs }, index) => {
      const srcText = sentence(fingerprint, index);
      return {
        id: randomUUID(),
        startMs,
        endMs,
        srcText,
        srcLang,
        dstText: translate(srcText, dstLang, glossary),
        dstLang,
        speaker: speakerName(index % speakers),
        status: 'done',
      };
    });
  }
  return project.segments;
}

/** The segment as the service returns it; before translation the `dst` text is empty and the status `processing`. */
export function segmentView(segment: Segment, translated: boolean) {
  return {
    id: segment.id,
    start: formatTimecode(segment.startMs),
    end: formatTimecode(segment.endMs),
    status: translated ? segment.status : 'processing',
    src: { text: segment.srcText, lang: segment.srcLang },
    dst: { text: translated ? segment.dstText : '', lang: segment.dstLang },
    speaker: segment.speaker,
  };
}

// A project's transcription: synthetic segments made from the media on first read, or the uploaded ones,
// translated with the project's glossary; and their JSON shape.
import { randomUUID } from 'node:crypto';
import { msToTimecode } from '@dubkit/core';
import type { Project, Segment } from '../model.ts';
import {
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

export function segmentsOf(project: Project): Segment[] {
  if (project.segments) return project.segments;
  const glossary = project.glossaryEntries ? compileGlossary(project.glossaryEntries) : undefined;
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
    start: msToTimecode(segment.startMs),
    end: msToTimecode(segment.endMs),
    status: translated ? segment.status : 'processing',
    src: { text: segment.srcText, lang: segment.srcLang },
    dst: { text: translated ? segment.dstText : '', lang: segment.dstLang },
    speaker: segment.speaker,
  };
}

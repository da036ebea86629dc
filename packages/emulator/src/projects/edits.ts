// A project's transcription and its edits: read, patch, add and delete segments. Every change is remembered until
// the next render, which charges for it (redub.ts).
import { randomUUID } from 'node:crypto';
import { invalid, notFound } from '../http/errors.ts';
import type { Project, Segment } from '../model.ts';
import type { SegmentsCreateBody, SegmentsPatchBody } from '../spec/segments.ts';
import type { EmulatorState } from '../state.ts';
import { glossaryOf, segmentsOf, segmentView } from './segments.ts';
import { requireEditable, settleInto } from './service.ts';
import { momentOf } from './status.ts';
import { speakerName, translate } from './synth.ts';

type TextInput = { text: string; lang: string };

export function transcriptionView(state: EmulatorState, project: Project, ids: string[]) {
  const moment = momentOf(state, project);
  if (!moment.segments) return { segments: [] };
  const wanted = ids.length > 0 ? new Set(ids) : undefined;
  const segments = segmentsOf(project).filter((segment) => !wanted || wanted.has(segment.id));
  return { segments: segments.map((segment) => segmentView(segment, moment.translated)) };
}

function markEdited(project: Project, segment: Segment): void {
  project.editedSegments ??= new Set();
  project.editedSegments.add(segment.id);
}

/** A text object's language must be the project's (the source or the destination one). */
function checkLanguage(
  project: Project,
  text: TextInput | undefined,
  side: 'src' | 'dst',
  loc: (string | number)[],
) {
  const expected = side === 'src' ? project.srcLang : project.dstLang;
  if (text !== undefined && text.lang !== expected) {
    throw invalid([...loc, side, 'lang'], `Expected ${expected}, the project's language`);
  }
}

function checkInsideVideo(project: Project, endMs: number, loc: (string | number)[]) {
  if (endMs > Math.ceil(project.duration) * 1000) {
    throw invalid([...loc, 'end'], `The segment ends after the video (${project.duration} s)`);
  }
}

export function patchSegments(state: EmulatorState, project: Project, body: SegmentsPatchBody) {
  const moment = momentOf(state, project);
  requireEditable(moment);
  const segments = segmentsOf(project);
  const byId = new Map(segments.map((segment) => [segment.id, segment]));
  // Check everything first so that a bad request changes nothing.
  body.segments.forEach((patch, index) => {
    const loc = ['body', 'segments', index];
    if (!byId.has(patch.id)) throw notFound('Segment');
    checkLanguage(project, patch.src, 'src', loc);
    checkLanguage(project, patch.dst, 'dst', loc);
    if (patch.end !== undefined) checkInsideVideo(project, patch.end, loc);
  });
  const changed = body.segments.map((patch) => {
    const segment = byId.get(patch.id)!;
    if (patch.src) segment.srcText = patch.src.text;
    if (patch.dst) segment.dstText = patch.dst.text;
    if (patch.speaker) segment.speaker = patch.speaker;
    if (patch.start !== undefined && patch.end !== undefined) {
      segment.startMs = patch.start;
      segment.endMs = patch.end;
    }
    segment.status = 'updated';
    // A corrected source alone changes nothing heard: the render re-voices the translation, so it is not charged.
    if (patch.dst || patch.speaker || patch.start !== undefined) markEdited(project, segment);
    return segment;
  });
  segments.sort((a, b) => a.startMs - b.startMs);
  settleInto(state, project, moment, 'transcript_edited');
  return { segments: changed.map((segment) => segmentView(segment, true)) };
}

/**
 * POST …/transcription/segments: new segments, answered with their ids. A missing translation is made as the
 * pipeline makes one (with the glossary); a missing speaker is SPEAKER_00.
 */
export function addSegments(state: EmulatorState, project: Project, body: SegmentsCreateBody) {
  const moment = momentOf(state, project);
  requireEditable(moment);
  const segments = segmentsOf(project);
  body.segments.forEach((segment, index) => {
    const loc = ['body', 'segments', index];
    checkLanguage(project, segment.src, 'src', loc);
    checkLanguage(project, segment.dst, 'dst', loc);
    checkInsideVideo(project, segment.end, loc);
  });
  // Compiled once for the request, and only when a segment needs its translation made.
  const glossary = body.segments.some((input) => !input.dst) ? glossaryOf(project) : undefined;
  const added = body.segments.map((input): Segment => {
    const srcText = input.src?.text ?? '';
    const segment: Segment = {
      id: randomUUID(),
      startMs: input.start,
      endMs: input.end,
      srcText,
      srcLang: project.srcLang,
      dstText: input.dst?.text ?? translate(srcText, project.dstLang, glossary),
      dstLang: project.dstLang,
      speaker: input.speaker ?? speakerName(0),
      status: 'updated',
    };
    segments.push(segment);
    markEdited(project, segment);
    return segment;
  });
  segments.sort((a, b) => a.startMs - b.startMs);
  settleInto(state, project, moment, 'transcript_edited');
  return { segments: added.map((segment) => segmentView(segment, true)) };
}

export function deleteSegment(state: EmulatorState, project: Project, segmentId: string) {
  const moment = momentOf(state, project);
  requireEditable(moment);
  const segments = segmentsOf(project);
  const index = segments.findIndex((segment) => segment.id === segmentId);
  if (index < 0) throw notFound('Segment');
  segments.splice(index, 1);
  // A deleted segment is no longer rendered, so it is not charged (docs/service.md charges changed and added ones).
  project.editedSegments?.delete(segmentId);
  settleInto(state, project, moment, 'transcript_edited');
  return { id: segmentId };
}

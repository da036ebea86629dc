// The pure logic of a review: which edits a save must send (only what changed, in one PATCH); which edited
// segments someone else changed on the service since the modal opened; and the one-line summary posted in
// the thread afterwards.

import type { SegmentChange } from '../../dubbing/service.ts';
import type { ReviewSegment, SegmentEdit } from '../../store/store.ts';

export interface SavePlan {
  /**
   * The one PATCH to send. Speaker changes and text-only changes go together: the all-or-none speaker rule
   * (docs/service.md) is for creating a transcription, not for a segment patch.
   */
  patch: SegmentChange[];
  /** Segment ids to DELETE. */
  removals: string[];
  /** Segments whose text or speaker changed (not counting removed ones). */
  edited: number;
}

/** A segment as the service has it now, for the conflict check. */
export interface CurrentSegment {
  id: string;
  dst?: { text: string } | null;
  speaker?: string | null;
}

export interface Conflict {
  id: string;
  /** Its place in the review (1-based), for the message. */
  number: number;
  /** The translation when the modal opened. */
  was: string;
  /** The translation on the service now; null when the segment was deleted meanwhile. */
  now: string | null;
  /** What this reviewer wanted it to say (null when they removed it). */
  mine: string | null;
}

/**
 * Folds the edits of one page (the values the modal sent) into the session's edits. An edit equal to the
 * baseline is dropped, so going back and undoing a change leaves nothing to save; a page's values replace
 * what the same segments had before (an unticked remove box is no longer a removal).
 */
export function mergeEdits(
  baseline: ReviewSegment[],
  previous: Record<string, SegmentEdit>,
  page: Record<string, SegmentEdit>,
): Record<string, SegmentEdit> {
  const byId = new Map(baseline.map((s) => [s.id, s]));
  const merged: Record<string, SegmentEdit> = { ...previous };
  for (const [id, edit] of Object.entries(page)) {
    const base = byId.get(id);
    if (!base) continue;
    const next: SegmentEdit = { ...merged[id], ...edit };
    if (edit.removed === false) delete next.removed;
    const clean: SegmentEdit = {};
    // An emptied input is no new translation (the remove box removes); it keeps the text it had.
    if (next.dst !== undefined && next.dst.trim() !== '' && next.dst !== base.dst) clean.dst = next.dst;
    if (next.speaker !== undefined && next.speaker !== (base.speaker ?? undefined))
      clean.speaker = next.speaker;
    if (next.removed) clean.removed = true;
    if (Object.keys(clean).length > 0) merged[id] = clean;
    else delete merged[id];
  }
  return merged;
}

/** What a save sends: only the segments that changed; a removed segment is deleted, not patched. */
export function planSave(baseline: ReviewSegment[], edits: Record<string, SegmentEdit>): SavePlan {
  const patch: SegmentChange[] = [];
  const removals: string[] = [];
  for (const segment of baseline) {
    const edit = edits[segment.id];
    if (!edit) continue;
    if (edit.removed) {
      removals.push(segment.id);
      continue;
    }
    const change: SegmentChange = { id: segment.id };
    if (edit.dst !== undefined && edit.dst !== segment.dst) change.dst = { text: edit.dst };
    if (edit.speaker !== undefined && edit.speaker !== segment.speaker) change.speaker = edit.speaker;
    if (change.dst !== undefined || change.speaker !== undefined) patch.push(change);
  }
  return { patch, removals, edited: patch.length };
}

/** The ids a save touches (patched or deleted): the ones to compare with the service before saving. */
export function touchedIds(plan: SavePlan): string[] {
  return [...plan.patch.map((c) => c.id), ...plan.removals];
}

/**
 * Segments this save would overwrite although someone changed them on the service after the modal opened:
 * for every touched segment, its translation and speaker then are compared with what the service has now.
 */
export function findConflicts(
  baseline: ReviewSegment[],
  edits: Record<string, SegmentEdit>,
  current: CurrentSegment[],
): Conflict[] {
  const now = new Map(current.map((s) => [s.id, s]));
  const conflicts: Conflict[] = [];
  baseline.forEach((segment, index) => {
    const edit = edits[segment.id];
    if (!edit) return;
    const live = now.get(segment.id);
    const liveText = live ? (live.dst?.text ?? '') : null;
    const changed =
      live === undefined || liveText !== segment.dst || (live.speaker ?? null) !== segment.speaker;
    if (!changed) return;
    conflicts.push({
      id: segment.id,
      number: segment.number ?? index + 1,
      was: segment.dst,
      now: liveText,
      mine: edit.removed ? null : (edit.dst ?? segment.dst),
    });
  });
  return conflicts;
}

/** "edited 7 segments and removed 1", "removed 2 segments", "edited 1 segment, removed 1 and added 2". */
export function describeChanges(edited: number, removed: number, added = 0): string {
  const parts = [
    ...(edited > 0 ? [['edited', edited] as const] : []),
    ...(removed > 0 ? [['removed', removed] as const] : []),
    ...(added > 0 ? [['added', added] as const] : []),
  ];
  // The first count names its unit ("segments"); the others read on from it.
  const words = parts.map(([verb, n], i) =>
    i === 0 ? `${verb} ${n} segment${n === 1 ? '' : 's'}` : `${verb} ${n}`,
  );
  if (words.length <= 1) return words[0] ?? 'changed nothing';
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

// What rendering a language again will cost, by the vendor's rule (docs/service.md, "Re-dub cost"):
// the combined length of the segments changed (text, timecodes, speaker, or their speaker's voice) and added
// since the last render, priced with @dubkit/core's redubMinutes (1 s–59 s is a minute, then the nearest
// minute), which the emulator's contract test checks against the emulator's own charge. Pure: the segments as
// the service has them now and the changes the app recorded since the last render.
import { redubMinutes, timecodeToMs } from '@dubkit/core';
import type { RedubChange } from '../../store/store.ts';

/** A segment as the service has it now: a deleted one is not there, and is not charged. */
export interface PricedSegment {
  id: string;
  start: string;
  end: string;
  speaker?: string | null;
}

export interface RenderCost {
  minutes: number;
  /** Segments changed since the last render (their text, speaker or voice), added ones aside. */
  changed: number;
  added: number;
  /** Their combined length. */
  ms: number;
}

export function renderCost(
  segments: PricedSegment[],
  changes: Pick<RedubChange, 'kind' | 'ref'>[],
): RenderCost {
  const refs = (kind: RedubChange['kind']) =>
    new Set(changes.filter((c) => c.kind === kind).map((c) => c.ref));
  const edited = refs('edited');
  const added = refs('added');
  const voices = refs('voice');
  const cost = { changed: 0, added: 0, ms: 0 };
  for (const segment of segments) {
    const isAdded = added.has(segment.id);
    const isChanged = edited.has(segment.id) || (segment.speaker != null && voices.has(segment.speaker));
    if (!isAdded && !isChanged) continue;
    // Each segment counts once, however many of its parts changed.
    if (isAdded) cost.added++;
    else cost.changed++;
    cost.ms += Math.max(0, timecodeToMs(segment.end) - timecodeToMs(segment.start));
  }
  return { ...cost, minutes: redubMinutes(cost.ms) };
}

/** "about 2 minutes of 41 left: 3 segments changed, 1 added"; "nothing changed since the last render: no minutes". */
export function describeCost(cost: RenderCost, minutesLeft: number): string {
  if (cost.changed === 0 && cost.added === 0) return 'nothing changed since the last render: no minutes';
  const parts: string[] = [];
  if (cost.changed > 0) parts.push(`${cost.changed} segment${cost.changed === 1 ? '' : 's'} changed`);
  if (cost.added > 0)
    parts.push(
      cost.changed > 0 ? `${cost.added} added` : `${cost.added} segment${cost.added === 1 ? '' : 's'} added`,
    );
  const minutes = `${cost.minutes} minute${cost.minutes === 1 ? '' : 's'}`;
  return `about ${minutes} of ${minutesLeft.toLocaleString('en-US')} left: ${parts.join(', ')}`;
}

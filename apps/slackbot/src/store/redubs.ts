// What changed on a dubbed language's project since its last render, as the app saved it: the service charges
// the next render for the length of those segments (docs/service.md), and has no way to ask it what they are, so
// the app keeps its own record to show the cost before it asks for a render. Cleared when a render starts.

/**
 * edited: a segment whose text or speaker a review changed · added: a line a review added · voice: a speaker
 * whose voice changed · source: a segment whose source text was fixed (not charged: the render re-voices the
 * translation, which a source fix leaves as it was; the review flags it to be checked).
 */
export type RedubChangeKind = 'edited' | 'added' | 'voice' | 'source';

export interface RedubChange {
  kind: RedubChangeKind;
  /** A segment id (edited, added) or a speaker (voice: every segment of that speaker is charged). */
  ref: string;
  at: number;
  /** source: the source text before the first fix since the last render. */
  was?: string;
}

export interface RedubStore {
  /** Records what a save changed; a change already recorded keeps its first time. */
  recordRedubChanges(
    targetId: string,
    changes: Pick<RedubChange, 'kind' | 'ref' | 'was'>[],
    now: number,
  ): Promise<void>;
  /** The changes recorded since the last render, oldest first. */
  redubChanges(targetId: string): Promise<RedubChange[]>;
  /**
   * Forgets the changes recorded up to `upTo` once a render started: that render is charged for them. A change
   * recorded later (a save that raced the render) stays for the next one.
   */
  clearRedubChanges(targetId: string, upTo: number): Promise<void>;
}

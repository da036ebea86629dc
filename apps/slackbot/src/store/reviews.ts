// Review sessions (the segments as a modal showed them and the edits of every page) and renders asked
// for, recorded before the service is asked so that a crash in between is followed after the restart.

/** A segment as a review modal showed it: what a save is compared against (issue 7). */
export interface ReviewSegment {
  id: string;
  start: string;
  end: string;
  speaker: string | null;
  src: string;
  dst: string;
  /** Why localization QA flagged it, a reason a line (a review opened with Review flagged shows it). */
  note?: string;
  /** The open comments made on it in the thread (who, what), shown beside it. */
  comments?: { userId: string; text: string }[];
  /**
   * Its number in the full review (1-based), so that a review of some segments (Review flagged) numbers them
   * as the full one does; absent in sessions recorded before, which held every segment.
   */
  number?: number;
}

/** What a reviewer changed in one segment (only the fields changed). */
export interface SegmentEdit {
  dst?: string;
  speaker?: string;
  removed?: boolean;
}

/** A line a reviewer adds (one the transcription missed): sent with the save, as a new segment. */
export interface NewSegment {
  /** HH:MM:SS,mmm */
  start: string;
  end: string;
  /** The translation to say. */
  dst: string;
  /** null: the service's default speaker. */
  speaker: string | null;
}

/**
 * An open review modal: the segments as they were when it opened, the edits made on its pages so far, and the
 * lines to add.
 */
export interface ReviewSession {
  id: string;
  targetId: string;
  projectId: string;
  userId: string;
  viewId: string | null;
  page: number;
  baseline: ReviewSegment[];
  edits: Record<string, SegmentEdit>;
  additions: NewSegment[];
  createdAt: number;
  closed: boolean;
}

export interface RenderIntent {
  targetId: string;
  userId: string;
  at: number;
}

export interface ReviewStore {
  createReviewSession(
    input: Pick<ReviewSession, 'targetId' | 'projectId' | 'userId' | 'baseline' | 'createdAt'>,
  ): Promise<ReviewSession>;
  getReviewSession(id: string): Promise<ReviewSession | undefined>;
  /** Records the modal's view id, the page shown, every edit so far and the lines to add (each replacing the previous). */
  updateReviewSession(
    id: string,
    change: {
      viewId?: string;
      page?: number;
      edits?: Record<string, SegmentEdit>;
      additions?: NewSegment[];
      /** The segments as shown, when one changed outside the review's own save (a source fix). */
      baseline?: ReviewSegment[];
    },
  ): Promise<void>;
  /** Closes a session; false when it was already closed (a second submission saves nothing). */
  closeReviewSession(id: string): Promise<boolean>;
  /**
   * Records that `userId` saved edits to the language: its last editor, whom a change request reaches when
   * nobody is assigned to review it.
   */
  recordEditor(targetId: string, userId: string, at: number): Promise<void>;
  /** Who last saved edits to the language, if anyone. */
  lastEditorOf(targetId: string): Promise<string | undefined>;
  /** Records that a render is about to be asked of the service (before the call, for a crash to find). */
  recordRenderIntent(targetId: string, userId: string, now: number): Promise<void>;
  clearRenderIntent(targetId: string): Promise<void>;
  /** Renders asked for whose outcome was never recorded (the process died in between). */
  renderIntents(): Promise<RenderIntent[]>;
}

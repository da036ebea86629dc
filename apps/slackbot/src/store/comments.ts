// Comments on a dubbed language's lines, and the stable numbers they are anchored by: a segment keeps its
// number for the life of the job (a removal leaves a gap, an added line gets the next number).
import type { SegmentComment } from '../domain/comments.ts';

export type { SegmentComment };

export interface CommentStore {
  /**
   * The stable number of each of the language's segments named: a segment seen before keeps its number; one
   * never seen gets the next, in the order given (the video's).
   */
  segmentNumbers(targetId: string, segmentIds: readonly string[]): Promise<Map<string, number>>;
  addComment(comment: SegmentComment): Promise<void>;
  /** The language's comments, oldest first. */
  commentsOf(targetId: string): Promise<SegmentComment[]>;
  /** Marks the open comments on these segments resolved by `render` (a render that changed them). */
  resolveComments(targetId: string, segmentIds: readonly string[], render: number): Promise<void>;
  /** Closes the open comments named, by `userId`'s hand, on `render`; resolves to how many it closed. */
  closeComments(targetId: string, ids: readonly string[], userId: string, render: number): Promise<number>;
}

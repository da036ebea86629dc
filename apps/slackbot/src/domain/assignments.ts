// Who is asked to review a dubbed language. One assignment per language, replaced by the next; the person
// assigned gets one direct message for it, posted under a key that names the language and the person, so the
// outbox (which records the message each key was posted as) knows the message a DM's button sits on, and the
// same person assigned again gets that message updated, never a second one.

export interface Assignment {
  /** The assignment itself: the dialog it was made in (one submission, one assignment, one message). */
  id: string;
  targetId: string;
  jobId: string;
  /** Who is to review it, and who asked them. */
  assignee: string;
  assignedBy: string;
  at: number;
  /** The job's thread, as Slack links to it (chat.getPermalink when the assignment was made). */
  threadLink: string;
}

const PREFIX = 'assigned:';

/** The key of the assignee's direct message: "assigned:<target>:<assignee>". */
export const assignedMessageKey = (targetId: string, assignee: string): string =>
  `${PREFIX}${targetId}:${assignee}`;

/**
 * The key of a later direct message to the assignee about the same language ("assigned:<target>:<assignee>:
 * <what>", e.g. changes asked of it): its Review button acts as the assignment's own does.
 */
export const assignedNoticeKey = (targetId: string, assignee: string, what: string): string =>
  `${assignedMessageKey(targetId, assignee)}:${what}`;

/** The language whose assignment a direct message's key names; undefined for any other key. */
export function targetOfAssignedKey(key: string): string | undefined {
  if (!key.startsWith(PREFIX)) return undefined;
  const colon = key.indexOf(':', PREFIX.length);
  return colon > PREFIX.length ? key.slice(PREFIX.length, colon) : undefined;
}

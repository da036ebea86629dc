// What a dropped message asks for: a shared video or audio file first (the video itself), then a video link;
// or a problem worth telling the person (only when they addressed the app). Pure: no Slack, no store.
import type { JobSource } from './jobs.ts';
import { checkSharedFile, checkVideoLink, findLink, type SharedFile } from './requests.ts';

export interface DroppedMessage {
  eventId: string;
  channel: string;
  ts: string;
  threadTs?: string;
  user: string;
  text: string;
  files: SharedFile[];
  /** Whether the person addressed the app (a mention): only then is a wrong drop worth an answer. */
  addressed: boolean;
}

export type DropOutcome =
  | { kind: 'job'; source: JobSource }
  | { kind: 'problem'; problem: string }
  | { kind: 'none' };

/** What a message asks for: a file first (the video itself), then a link. */
export function readDrop(message: DroppedMessage, maxFileBytes: number): DropOutcome {
  let fileProblem: string | undefined;
  for (const file of message.files) {
    const checked = checkSharedFile(file, maxFileBytes);
    if (checked.ok) return { kind: 'job', source: checked.value };
    fileProblem ??= checked.problem;
  }
  const link = findLink(message.text);
  if (link) {
    const checked = checkVideoLink(link);
    return checked.ok
      ? { kind: 'job', source: { kind: 'link', link: checked.value } }
      : { kind: 'problem', problem: checked.problem };
  }
  if (fileProblem) return { kind: 'problem', problem: fileProblem };
  return message.addressed
    ? { kind: 'problem', problem: 'I did not find a video link or a video file in that message.' }
    : { kind: 'none' };
}

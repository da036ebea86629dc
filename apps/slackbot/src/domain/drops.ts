// What a dropped message asks for: a shared video or audio file first (the video itself), then a video link;
// or a problem worth telling the person — only when they addressed the app: a spreadsheet, a PDF or a link
// shared among people is none of the app's business. Pure: no Slack, no store.
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
  /** The titles of link previews Slack attached to the message, with the link each previews. */
  unfurls?: { url: string | undefined; title: string }[];
}

export type DropOutcome =
  | { kind: 'job'; source: JobSource }
  | { kind: 'problem'; problem: string }
  | { kind: 'none' };

/** What a message asks for: a file first (the video itself), then a link; its problems only when addressed. */
export function readDrop(message: DroppedMessage, maxFileBytes: number): DropOutcome {
  const outcome = read(message, maxFileBytes);
  return outcome.kind === 'problem' && !message.addressed ? { kind: 'none' } : outcome;
}

function read(message: DroppedMessage, maxFileBytes: number): DropOutcome {
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
  return {
    kind: 'problem',
    problem: fileProblem ?? 'I did not find a video link or a video file in that message.',
  };
}

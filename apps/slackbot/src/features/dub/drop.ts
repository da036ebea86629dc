// A video dropped in a channel: a message with a link that mentions the app, or a shared video or audio
// file. Opens a job answered in the message's thread, once per message however often Slack delivers it.
import { checkSharedFile, checkVideoLink, findLink, type SharedFile, titleFor } from '../../domain/requests.ts';
import type { JobSource } from '../../store/store.ts';
import { usageError } from '../../ui/usage.ts';
import type { ListenerDeps } from '../../listeners/deps.ts';

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

export async function handleDrop(
  deps: ListenerDeps,
  message: DroppedMessage,
  postEphemeral: (text: string, blocks: unknown[]) => Promise<unknown>,
): Promise<void> {
  if (await deps.store.hasEvent(message.eventId)) return;
  const outcome = readDrop(message, deps.maxFileBytes);
  if (outcome.kind === 'none') {
    await deps.store.recordEvent(message.eventId, deps.now());
    return;
  }
  if (outcome.kind === 'problem') {
    // One answer per message, even when both a mention and a file share event arrive for it.
    const first = await deps.store.recordEvent(message.eventId, deps.now());
    if (first && await deps.store.recordEvent(`problem:${message.channel}:${message.ts}`, deps.now())) {
      const content = usageError(outcome.problem);
      await postEphemeral(content.text, content.blocks);
    }
    return;
  }
  const result = deps.jobs.open({
    eventId: message.eventId,
    triggerKey: `msg:${message.channel}:${message.ts}`,
    channel: message.channel,
    threadTs: message.threadTs ?? message.ts,
    userId: message.user,
    source: outcome.source,
    title: titleFor(outcome.source),
    postCard: true,
  });
  deps.logger.info({ job: result.jobId, outcome: result.outcome, trigger: 'message' }, 'job opened');
}

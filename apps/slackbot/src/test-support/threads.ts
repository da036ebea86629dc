// What the end-to-end tests look for in the fake Slack's threads, in either mode: the job card, the dubbed
// replies with their subtitle files, and the check that the outbox posted no message twice.
import { byKind, keyOf, type SlackMessage, waitFor } from '@dubkit/slack-sandbox';
import { expect } from 'vitest';
import { WAIT_MS } from './people.ts';
import type { AppStage } from './stage.ts';

/** The app's chat.postMessage calls into a channel. */
export const posted = (stage: AppStage, channel: string) =>
  stage.slack.callsOf('chat.postMessage').filter((c) => c.args.channel === channel);

/** The job id a card carries in its metadata key ("card:<job>"). */
export const jobIdOf = (card: SlackMessage): string => keyOf(card).slice('card:'.length);

/** The job card in a thread (a drop's), once there. */
export function cardIn(stage: AppStage, channel: string, rootTs: string): Promise<SlackMessage> {
  return waitFor(
    () => stage.slack.thread(channel, rootTs).find((m) => keyOf(m).startsWith('card:')),
    WAIT_MS,
    'the job card',
  );
}

/** The job card a command posted at the channel's top level (it opens the thread), once there. */
export function cardOf(stage: AppStage, channel: string): Promise<SlackMessage> {
  return waitFor(
    () => stage.slack.messages.find((m) => m.channel === channel && keyOf(m).startsWith('card:')),
    WAIT_MS,
    'the card',
  );
}

/** The thread once it holds `langs` dubbed replies and their two subtitle files each. */
export function waitForDubs(stage: AppStage, channel: string, rootTs: string, langs: number) {
  return waitFor(
    () => {
      const thread = stage.slack.thread(channel, rootTs);
      const files = thread.filter((m) => m.bot_id).flatMap((m) => m.files ?? []);
      // A status message's last edit may come after the replies (new posts go first), so wait for it too.
      const settled = byKind(thread, 'status').every((m) => m.text.includes('dubbed'));
      return byKind(thread, 'dubbed').length === langs && files.length === langs * 2 && settled
        ? thread
        : undefined;
    },
    WAIT_MS,
    `${langs} dubbed replies with their subtitle files, and every status message saying so`,
  );
}

/** Every message the app posted was posted once: no delivery key appears twice. */
export function expectNoDuplicates(stage: AppStage, channel: string): void {
  const keys = posted(stage, channel).map(
    (c) => JSON.parse(String(c.args.metadata)).event_payload.key as string,
  );
  expect(new Set(keys).size).toBe(keys.length);
}

/**
 * One reply per render with its subtitle files attached: each dubbed reply holds its .srt and .vtt, no file
 * is there twice, and no other message of the app holds files.
 */
export function expectFilesOnReplies(thread: SlackMessage[]): void {
  const names: string[] = [];
  for (const message of thread.filter((m) => m.bot_id)) {
    const files = (message.files ?? []).map((f) => f.name);
    if (keyOf(message).startsWith('dubbed:'))
      expect(files.map((name) => name.slice(name.lastIndexOf('.'))).sort()).toEqual(['.srt', '.vtt']);
    else expect(files).toEqual([]);
    names.push(...files);
  }
  expect(new Set(names).size).toBe(names.length);
}

// Registers the Events API listeners: a mention with a link, a shared file. Bolt acks events itself before
// these run; each hands the message to handleDrop.
import type { App } from '@slack/bolt';
import type { SharedFile } from '../../domain/requests.ts';
import type { ListenerDeps } from '../deps.ts';
import { handleDrop } from '../../features/dub/drop.ts';
import { glossaryDrop } from '../../features/glossary/drop.ts';
import { registerHome } from '../../features/home/listeners.ts';
import { subtitlesIntoThread, subtitlesWithVideo } from '../../features/subtitles/listeners.ts';

interface MessageLike {
  channel: string;
  ts: string;
  thread_ts?: string;
  user?: string;
  text?: string;
  files?: SharedFile[];
  subtype?: string;
}

export function registerEvents(app: App, deps: ListenerDeps): void {
  registerHome(app, deps);
  app.event('app_mention', async ({ event, body, client }) => {
    const message = event as unknown as MessageLike;
    if (await glossaryDrop(deps, message, client)) return;
    await drop(deps, body.event_id, message, true, client);
  });
  app.event('message', async ({ event, body, client, context }) => {
    const message = event as unknown as MessageLike;
    if (message.subtype !== 'file_share') return;
    const user = message.user;
    const tell = (text: string) =>
      user
        ? client.chat.postEphemeral({
            channel: message.channel,
            user,
            text,
            ...(message.thread_ts ? { thread_ts: message.thread_ts } : {}),
          })
        : Promise.resolve();
    if (await subtitlesIntoThread(deps, body.event_id, message, tell)) return;
    if (context.botUserId && (message.text ?? '').includes(`<@${context.botUserId}>`)) {
      if (await glossaryDrop(deps, message, client)) return;
    }
    // A file shared with a mention also arrives as app_mention; both lead to the same single job.
    const addressed = context.botUserId ? (message.text ?? '').includes(`<@${context.botUserId}>`) : false;
    await drop(deps, body.event_id, message, addressed, client);
    await subtitlesWithVideo(deps, body.event_id, message);
  });
}

async function drop(
  deps: ListenerDeps,
  eventId: string,
  message: MessageLike,
  addressed: boolean,
  client: App['client'],
): Promise<void> {
  if (!message.user) return;
  const user = message.user;
  await handleDrop(
    deps,
    {
      eventId,
      channel: message.channel,
      ts: message.ts,
      ...(message.thread_ts ? { threadTs: message.thread_ts } : {}),
      user,
      text: message.text ?? '',
      files: message.files ?? [],
      addressed,
    },
    (text, blocks) =>
      client.chat.postEphemeral({
        channel: message.channel,
        user,
        text,
        blocks: blocks as never,
        ...(message.thread_ts ? { thread_ts: message.thread_ts } : {}),
      }),
  );
}

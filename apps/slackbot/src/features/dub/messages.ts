// Messages the app is shown (Events API; acked once recorded, slack/event-ack.ts): a mention or a shared file
// may be a glossary to import, subtitles for a job, or a video to dub — decided in that order, each once per
// message however often Slack delivers it. A mention in a job's thread without a video asks to stop it, or
// about it: it is answered with the job's state. In a channel on autopilot, a person's video link or file
// posted there (not in a thread, not addressed to the app) opens a job on autopilot; a bot's message or an
// edit never does.
import type { AllMiddlewareArgs, SlackEventMiddlewareArgs } from '@slack/bolt';
import type { Logger } from 'pino';
import { BUSY, orBusy } from '../../access/busy.ts';
import type { ChannelSubject } from '../../access/rules.ts';
import type { AutopilotSetting } from '../../domain/autopilot.ts';
import { findLink, type SlackMessage } from '../../domain/requests.ts';
import type { Interactions } from '../../slack/interactions.ts';
import { escapeProse } from '../../ui/blocks.ts';
import type { CommentService } from '../comments/service.ts';
import type { SubtitleService } from '../subtitles/service.ts';
import type { JobService } from './service.ts';
import { asksToStop, stopInThread } from './stop.ts';
import { usageError } from './usage.ts';

/** Who a shared message may be for: a glossary import, subtitles, or a job. */
export interface MessageDeps {
  jobs: JobService;
  /** A glossary file addressed to the app, imported; false when the message holds none. */
  importGlossary(message: SlackMessage): Promise<boolean>;
  subtitles: Pick<SubtitleService, 'fromThread' | 'withVideo'>;
  /** A reply in a job's thread may be a comment on one of its lines ("#12 too formal"). */
  comments: Pick<CommentService, 'fromThread'>;
  slack: Pick<Interactions, 'whisper'>;
  logger: Logger;
  /** The channel's autopilot when it is on (it names languages); undefined otherwise. */
  autopilotOf(channel: string): Promise<AutopilotSetting | undefined>;
}

export function onMention(deps: MessageDeps) {
  return async (
    { event, body }: SlackEventMiddlewareArgs<'app_mention'> & AllMiddlewareArgs,
    subject: ChannelSubject,
  ) => {
    const message = event as unknown as SlackMessage;
    await orBusy(
      deps,
      'a mention',
      async () => {
        if (await deps.importGlossary(message)) return;
        // The gate checked the mention's author is in its channel: the thread is the one it names.
        if (subject.threadTs && message.user && asksToStop(message.text ?? '')) {
          const where = { channel: subject.channel, threadTs: subject.threadTs };
          const problem = await stopInThread(deps, where, message.user);
          if (problem !== undefined)
            await deps.slack.whisper(toAuthor(message, message.user), { text: problem, blocks: [] });
          return;
        }
        if (subject.threadTs && message.user && asksAboutThread(message)) {
          const job = await deps.jobs.jobOfThread(subject.channel, subject.threadTs);
          if (job) {
            await deps.slack.whisper(toAuthor(message, message.user), await deps.jobs.stateOf(job));
            return;
          }
        }
        await dropVideo(deps, body.event_id, message, { addressed: true });
      },
      busyWhisper(deps, message),
      BUSY,
    );
  };
}

export function onMessage(deps: MessageDeps) {
  return async ({ event, body, context }: SlackEventMiddlewareArgs<'message'> & AllMiddlewareArgs) => {
    const message = event as unknown as SlackMessage;
    if (message.subtype === 'message_changed') {
      await linkPreviewed(deps, event as unknown as { channel: string; message?: SlackMessage });
      return;
    }
    // A bot's message (the app's own among them) is never a person's request.
    if (message.bot_id !== undefined) return;
    if (message.subtype === undefined && message.thread_ts !== undefined) {
      await orBusy(
        deps,
        'a reply',
        () => onThreadReply(deps, message, context.botUserId),
        busyWhisper(deps, message),
        BUSY,
      );
      return;
    }
    if (message.subtype === undefined) {
      if (!postedToAutopilot(message, context.botUserId)) return;
      await orBusy(
        deps,
        'a posted video',
        () => onPosted(deps, body.event_id, message),
        busyWhisper(deps, message),
        BUSY,
      );
      return;
    }
    if (message.subtype !== 'file_share') return;
    await orBusy(
      deps,
      'a shared file',
      () => onFileShare(deps, body.event_id, message, context.botUserId),
      busyWhisper(deps, message),
      BUSY,
    );
  };
}

/**
 * A person's plain message that autopilot may take: posted in a channel (not a DM, not in a thread), not
 * addressed to the app (a mention asks for the card, as anywhere) and holding a link. Read from the text alone,
 * so that the store is asked only about messages that hold a link.
 */
function postedToAutopilot(message: SlackMessage, botUserId: string | undefined): boolean {
  if (!message.user || message.thread_ts !== undefined || message.channel_type === 'im') return false;
  const text = message.text ?? '';
  if (botUserId && text.includes(`<@${botUserId}>`)) return false;
  return findLink(text) !== undefined;
}

/** A link posted in a channel: a job on autopilot when the channel is on it. */
async function onPosted(deps: MessageDeps, eventId: string, message: SlackMessage) {
  const autopilot = await deps.autopilotOf(message.channel);
  if (autopilot) await dropVideo(deps, eventId, message, { addressed: false, autopilot });
}

/**
 * A person's reply in a job's thread, read as a comment on a line when it is one; its author is told what
 * was noted, or why not. A mention of the app is the mention's to answer.
 */
async function onThreadReply(deps: MessageDeps, message: SlackMessage, botUserId: string | undefined) {
  const text = message.text ?? '';
  if (!message.thread_ts || !message.user || message.user === botUserId) return;
  if (botUserId && text.includes(`<@${botUserId}>`)) return;
  const outcome = await deps.comments.fromThread({
    channel: message.channel,
    threadTs: message.thread_ts,
    userId: message.user,
    text,
  });
  if (!outcome) return;
  await deps.slack.whisper(toAuthor(message, message.user), {
    text: outcome.ok ? outcome.message : outcome.problem,
    blocks: [],
  });
}

/**
 * Bolt acks events before its listeners run, so Slack will not deliver one again: when it cannot be recorded,
 * its sender is told, to them only, in the message's thread.
 */
function busyWhisper(deps: MessageDeps, message: SlackMessage) {
  return async (text: string) => {
    if (!message.user) return;
    await deps.slack.whisper(toAuthor(message, message.user), { text, blocks: [] });
  };
}

/**
 * A mention in a thread with no video in it (no link, no file) asks about the thread's job ("how long until
 * Japanese is done?"): it is answered with the job's state, never with "no video link".
 */
function asksAboutThread(message: SlackMessage): boolean {
  return !/https?:\/\//i.test(message.text ?? '') && (message.files ?? []).length === 0;
}

/** Where an answer to a message's author goes: to them only, in the message's thread when it was in one. */
function toAuthor(message: SlackMessage, user: string) {
  return { channel: message.channel, user, ...(message.thread_ts ? { threadTs: message.thread_ts } : {}) };
}

/** A shared file: subtitles for a job, a glossary addressed to the app, or a video to dub. */
async function onFileShare(
  deps: MessageDeps,
  eventId: string,
  message: SlackMessage,
  botUserId: string | undefined,
) {
  const subtitles = await deps.subtitles.fromThread(eventId, message);
  if (subtitles.kind === 'refused' && message.user) {
    await deps.slack.whisper(toAuthor(message, message.user), {
      text: escapeProse(subtitles.problem),
      blocks: [],
    });
  }
  if (subtitles.kind !== 'none') return;
  // A file shared with a mention also arrives as app_mention; both lead to the same single job.
  const addressed = botUserId ? (message.text ?? '').includes(`<@${botUserId}>`) : false;
  if (addressed && (await deps.importGlossary(message))) return;
  // A file posted (not in a thread, not addressed to the app) in a channel on autopilot is a job on autopilot.
  const autopilot =
    addressed || message.thread_ts !== undefined || message.channel_type === 'im'
      ? undefined
      : await deps.autopilotOf(message.channel);
  await dropVideo(deps, eventId, message, { addressed, ...(autopilot ? { autopilot } : {}) });
  await deps.subtitles.withVideo(eventId, message);
}

/** The titles of the link previews Slack attached to a message, with the link each previews. */
function unfurlsOf(message: SlackMessage) {
  return (message.attachments ?? []).flatMap((a) =>
    a.title ? [{ url: a.original_url ?? a.from_url ?? a.title_link, title: a.title }] : [],
  );
}

/** A message edited by Slack to add its link previews: the job it opened may take a preview's title. */
async function linkPreviewed(deps: MessageDeps, event: { channel: string; message?: SlackMessage }) {
  const unfurls = event.message ? unfurlsOf(event.message) : [];
  if (!event.message || unfurls.length === 0) return;
  const { ts } = event.message;
  await orBusy(
    deps,
    'a link preview',
    () => deps.jobs.linkPreviewed(event.channel, ts, unfurls),
    // Nobody asked: the card keeps the title it has.
    async () => {},
  );
}

async function dropVideo(
  deps: MessageDeps,
  eventId: string,
  message: SlackMessage,
  how: { addressed: boolean; autopilot?: AutopilotSetting },
) {
  if (!message.user) return;
  const dropped = await deps.jobs.openFromMessage(
    {
      eventId,
      channel: message.channel,
      ts: message.ts,
      ...(message.thread_ts ? { threadTs: message.thread_ts } : {}),
      user: message.user,
      text: message.text ?? '',
      files: message.files ?? [],
      addressed: how.addressed,
      unfurls: unfurlsOf(message),
    },
    how.autopilot,
  );
  if (dropped.kind === 'problem') {
    await deps.slack.whisper(toAuthor(message, message.user), usageError(dropped.problem));
  } else if (dropped.kind === 'no-account') {
    await deps.slack.whisper(toAuthor(message, message.user), { text: dropped.why, blocks: [] });
  } else if (dropped.kind === 'opened') {
    if (dropped.question) {
      await deps.slack.whisper(toAuthor(message, message.user), { text: dropped.question, blocks: [] });
    }
    deps.logger.info(
      {
        job: dropped.result.jobId,
        outcome: dropped.result.outcome,
        trigger: how.autopilot ? 'autopilot' : 'message',
      },
      'job opened',
    );
  }
}

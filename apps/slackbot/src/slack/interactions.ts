// The answers the app gives a person in the moment, which cannot wait in the outbox: a modal opened with a
// trigger (valid for 3 s), a modal updated in place, an ephemeral message only they see, their App Home; and
// what the app asks Slack on the way (membership, a file, a person, a direct message's channel, a link).
// Messages in channels, threads and direct messages are never written here: they go through the outbox.
import type { types } from '@slack/bolt';
import type { WebClient } from '@slack/web-api';
import type { SharedFile } from '../domain/requests.ts';
import type { MessageContent } from '../ui/blocks.ts';

export interface Interactions {
  openModal(triggerId: string, view: types.ModalView): Promise<string | undefined>;
  /** Replaces a modal's content; with `hash`, only if nobody changed it meanwhile. */
  updateModal(viewId: string, view: types.ModalView, hash?: string): Promise<void>;
  /** An ephemeral message to one person in a channel (in a thread when given). */
  whisper(to: { channel: string; user: string; threadTs?: string }, content: MessageContent): Promise<void>;
  publishHome(userId: string, view: types.HomeView): Promise<void>;
  /**
   * Every member of `channel` (conversations.members, every page); none for a channel the app cannot read.
   * Throws when Slack did not answer (a 429, a 5xx, the network): access/membership.ts asks again.
   */
  membersOf(channel: string): Promise<ReadonlySet<string>>;
  /**
   * The person a direct message with the app is with, as conversations.info says; undefined for any other
   * conversation (a channel, a DM the app is not in). A `D` id alone says nothing about whose it is.
   */
  directMessageWith(channel: string): Promise<string | undefined>;
  /**
   * Whether the app may post in a channel (it is a member, or it is a DM with the app). Throws when Slack
   * could not say (a network error, a 429): the caller tries again rather than give a wrong answer.
   */
  canPostIn(channel: string): Promise<boolean>;
  /**
   * A file by its id, as Slack itself describes it (files.info), when Slack says it is shared in `channel` or
   * was uploaded by `uploader` (a dialog's file input): what a payload names is only an id, never a URL.
   * Undefined for any other file, or one Slack does not know.
   */
  sharedFile(fileId: string, where: { channel: string; uploader?: string }): Promise<SharedFile | undefined>;
  /** Answers a slash command through its response_url (valid for 30 minutes, wherever the app is). */
  respond(responseUrl: string, content: MessageContent): Promise<void>;
  /** Who a user id is, as Slack describes them (users.info): a person, a bot or app, deactivated, unknown. */
  person(userId: string): Promise<PersonKind>;
  /** The app's direct message with a person (conversations.open: the same channel each time). */
  openDirectMessage(userId: string): Promise<string>;
  /** The link Slack gives to a message (chat.getPermalink): a thread's root links to the thread. */
  permalink(channel: string, ts: string): Promise<string>;
}

/** What users.info says a user id is: only a `person` can be asked to do something. */
export type PersonKind = 'person' | 'bot' | 'deactivated' | 'unknown';

/** Slackbot: users.info calls it neither a bot nor an app. */
const SLACKBOT = 'USLACKBOT';

const MEMBER_PAGES = 100;

export function webInteractions(slack: WebClient): Interactions {
  return {
    async openModal(triggerId, view) {
      const opened = await slack.views.open({ trigger_id: triggerId, view });
      return opened.view?.id;
    },
    async updateModal(viewId, view, hash) {
      await slack.views.update({ view_id: viewId, view, ...(hash ? { hash } : {}) });
    },
    async whisper(to, content) {
      await slack.chat.postEphemeral({
        channel: to.channel,
        user: to.user,
        text: content.text,
        ...(content.blocks.length > 0 ? { blocks: content.blocks } : {}),
        ...(to.threadTs ? { thread_ts: to.threadTs } : {}),
      });
    },
    async publishHome(userId, view) {
      await slack.views.publish({ user_id: userId, view });
    },
    async membersOf(channel) {
      const members = new Set<string>();
      let cursor: string | undefined;
      // Bounded: 1,000 members a page, at most MEMBER_PAGES pages (Slack's largest channels fit).
      for (let page = 0; page < MEMBER_PAGES; page++) {
        const answer = await slack.conversations
          .members({ channel, limit: 1000, ...(cursor ? { cursor } : {}) })
          .catch((error: unknown) => {
            // A channel the app cannot see (private, not invited) has no members it could vouch for.
            const code = (error as { data?: { error?: string } }).data?.error;
            if (code === 'channel_not_found' || code === 'not_in_channel') return undefined;
            throw error;
          });
        for (const member of answer?.members ?? []) members.add(member);
        cursor = answer?.response_metadata?.next_cursor || undefined;
        if (!cursor) break;
      }
      return members;
    },
    async directMessageWith(channel) {
      const info = await slack.conversations.info({ channel }).catch((error: unknown) => {
        // A conversation the app is not in is "not found" to it: nobody's DM with the app.
        if ((error as { data?: { error?: string } }).data?.error === 'channel_not_found') return undefined;
        throw error;
      });
      const found = info?.channel as { is_im?: boolean; user?: string } | undefined;
      return found?.is_im ? found.user : undefined;
    },
    async canPostIn(channel) {
      try {
        const info = await slack.conversations.info({ channel });
        return Boolean(info.channel?.is_member || info.channel?.is_im || info.channel?.is_mpim);
      } catch (error) {
        // A private channel the app is not in is "not found" to it: a definite no.
        if ((error as { data?: { error?: string } }).data?.error === 'channel_not_found') return false;
        throw error;
      }
    },
    async sharedFile(fileId, where) {
      if (!/^F[A-Z0-9]+$/.test(fileId)) return undefined;
      const answer = await slack.files.info({ file: fileId }).catch((error: unknown) => {
        const code = (error as { data?: { error?: string } }).data?.error;
        if (code === 'file_not_found' || code === 'file_deleted') return undefined;
        throw error;
      });
      const file = answer?.file;
      if (!file?.id) return undefined;
      const sharedIn = [...(file.channels ?? []), ...(file.groups ?? []), ...(file.ims ?? [])];
      const seen =
        sharedIn.includes(where.channel) || (where.uploader !== undefined && file.user === where.uploader);
      if (!seen) return undefined;
      return {
        id: file.id,
        ...(file.name ? { name: file.name } : {}),
        ...(file.title ? { title: file.title } : {}),
        ...(file.mimetype ? { mimetype: file.mimetype } : {}),
        ...(file.size !== undefined ? { size: file.size } : {}),
        ...(file.url_private_download ? { url_private_download: file.url_private_download } : {}),
      };
    },
    async respond(responseUrl, content) {
      const response = await fetch(responseUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ response_type: 'ephemeral', replace_original: false, ...content }),
        signal: AbortSignal.timeout(10_000),
      });
      await response.body?.cancel();
      if (!response.ok) throw new Error(`Slack answered ${response.status} to the command's response`);
    },
    async person(userId) {
      if (!/^[UW][A-Z0-9]+$/.test(userId)) return 'unknown';
      const answer = await slack.users.info({ user: userId }).catch((error: unknown) => {
        if ((error as { data?: { error?: string } }).data?.error === 'user_not_found') return undefined;
        throw error;
      });
      const user = answer?.user;
      if (!user?.id) return 'unknown';
      if (user.deleted) return 'deactivated';
      if (user.is_bot || user.is_app_user || user.id === SLACKBOT) return 'bot';
      return 'person';
    },
    async openDirectMessage(userId) {
      const opened = await slack.conversations.open({ users: userId });
      if (!opened.channel?.id) throw new Error('conversations.open answered without a channel');
      return opened.channel.id;
    },
    async permalink(channel, ts) {
      const answer = await slack.chat.getPermalink({ channel, message_ts: ts });
      if (!answer.permalink) throw new Error('chat.getPermalink answered without a link');
      return answer.permalink;
    },
  };
}

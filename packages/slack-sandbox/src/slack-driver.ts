// Plays Slack's side of the conversation with the app: events, slash commands, button clicks, shortcuts and
// modal submissions, built in the shapes Slack sends them and handed to a transport — signed HTTP requests
// to the app's Request URL, or envelopes over Socket Mode — so one scenario can drive either mode.
import { randomBytes } from 'node:crypto';
import type { FakeSlack, SlackFile, SlackMessage, StoredView } from './fake-slack.ts';
import { botUserIdOf } from './installs.ts';
import type { DriverResponse, SlackTransport } from './transport.ts';

export type { DriverResponse } from './transport.ts';

/** Where a payload comes from: a workspace, its org, and the installation whose bot receives it. */
interface Origin {
  teamId: string;
  enterpriseId: string | null;
  orgInstall: boolean;
  botUserId: string;
}

export class SlackDriver {
  readonly #transport: SlackTransport;
  readonly #slack: FakeSlack;
  readonly #origin: Origin;

  constructor(options: { transport: SlackTransport; slack: FakeSlack; workspace?: string }) {
    this.#transport = options.transport;
    this.#slack = options.slack;
    this.#origin = originOf(options.slack, options.workspace);
  }

  /** The app's bot user in the driver's workspace: what a mention of the app names there. */
  get botUserId(): string {
    return this.#origin.botUserId;
  }

  /**
   * The same driver for people of another workspace of the sandbox (`slack.installs.addWorkspace`): its
   * payloads carry that team, its org, and the installation that serves it (the org's, when the app is
   * installed org-wide), as Slack sends them.
   */
  in(workspace: string): SlackDriver {
    return new SlackDriver({ transport: this.#transport, slack: this.#slack, workspace });
  }

  /** The ids Slack puts in an interaction's payload: its team, its org, an org-wide install or not. */
  #teamFields() {
    const { teamId, enterpriseId, orgInstall } = this.#origin;
    return {
      team: { id: teamId, ...(enterpriseId ? { enterprise_id: enterpriseId } : {}) },
      enterprise: enterpriseId ? { id: enterpriseId } : null,
      is_enterprise_install: orgInstall,
    };
  }

  /** `app_uninstalled`: the app was removed from this workspace (or org). */
  appUninstalled(options: { eventId?: string } = {}) {
    return this.event({ type: 'app_uninstalled' }, options);
  }

  /** `tokens_revoked`: as Slack sends it, `tokens.bot` lists bot USER ids, not tokens. */
  tokensRevoked(tokens: { bot?: string[]; oauth?: string[] }, options: { eventId?: string } = {}) {
    return this.event({ type: 'tokens_revoked', tokens }, options);
  }

  /** Sends an Events API envelope; pass the same eventId with retryNum to redeliver it. */
  async event(
    event: Record<string, unknown>,
    options: { eventId?: string; retryNum?: number } = {},
  ): Promise<DriverResponse & { eventId: string }> {
    const eventId = options.eventId ?? `Ev${randomBytes(6).toString('hex').toUpperCase()}`;
    const { teamId, enterpriseId, orgInstall, botUserId } = this.#origin;
    const envelope = {
      token: 'unused',
      team_id: teamId,
      ...(enterpriseId ? { enterprise_id: enterpriseId } : {}),
      api_app_id: this.#slack.appId,
      event: { event_ts: event.ts, ...event },
      type: 'event_callback',
      event_id: eventId,
      event_time: Math.floor(Date.now() / 1000),
      authorizations: [
        {
          enterprise_id: enterpriseId,
          team_id: orgInstall ? null : teamId,
          user_id: botUserId,
          is_bot: true,
          is_enterprise_install: orgInstall,
        },
      ],
      is_ext_shared_channel: false,
    };
    const retry =
      options.retryNum === undefined ? undefined : { num: options.retryNum, reason: 'http_timeout' };
    const response = await this.#transport.event(envelope, retry);
    return { ...response, eventId };
  }

  /** The app_mention event for a user's message that mentions the app. */
  mention(message: SlackMessage, options: { eventId?: string; retryNum?: number } = {}) {
    return this.event(
      {
        type: 'app_mention',
        user: message.user,
        text: message.text,
        ts: message.ts,
        channel: message.channel,
        // As Slack sends it for a mention posted in a thread.
        ...(message.thread_ts ? { thread_ts: message.thread_ts } : {}),
        // Link previews Slack had made by then.
        ...(message.attachments ? { attachments: message.attachments } : {}),
      },
      options,
    );
  }

  /** What Slack sends for a person's message: `message` (with files: `file_share`), and `app_mention` if it names the app. */
  async userMessage(message: SlackMessage): Promise<DriverResponse[]> {
    const answers = [
      message.files?.length
        ? await this.fileShare(message)
        : await this.event({
            type: 'message',
            user: message.user,
            text: message.text,
            ts: message.ts,
            channel: message.channel,
            channel_type: 'channel',
            ...(message.thread_ts ? { thread_ts: message.thread_ts } : {}),
            ...(message.attachments ? { attachments: message.attachments } : {}),
          }),
    ];
    for (const file of message.files ?? []) answers.push(await this.fileShared(file, message));
    if (message.text.includes(`<@${this.#origin.botUserId}>`)) answers.push(await this.mention(message));
    return answers;
  }

  /** The `file_shared` event Slack sends beside the message for each file shared in a channel. */
  fileShared(file: SlackFile, message: SlackMessage) {
    return this.event({
      type: 'file_shared',
      file_id: file.id,
      user_id: message.user,
      file: { id: file.id },
      channel_id: message.channel,
      event_ts: message.ts,
    });
  }

  /** The message event Slack sends when a user shares files in a channel. */
  fileShare(message: SlackMessage, options: { eventId?: string; retryNum?: number } = {}) {
    return this.event(
      {
        type: 'message',
        subtype: 'file_share',
        user: message.user,
        text: message.text,
        ts: message.ts,
        channel: message.channel,
        channel_type: 'channel',
        files: (message.files ?? []).map(publicFile),
      },
      options,
    );
  }

  /** A slash command as Slack posts it (form-encoded), with a working response_url. */
  command(input: { command?: string; text: string; channel: string; user: string }): Promise<DriverResponse> {
    return this.#transport.command({
      token: 'unused',
      team_id: this.#origin.teamId,
      ...(this.#origin.enterpriseId ? { enterprise_id: this.#origin.enterpriseId } : {}),
      is_enterprise_install: String(this.#origin.orgInstall),
      channel_id: input.channel,
      // As Slack names a DM's in a command: not by its id.
      channel_name: this.#slack.isDirectMessage(input.channel)
        ? 'directmessage'
        : input.channel.toLowerCase(),
      user_id: input.user,
      user_name: input.user.toLowerCase(),
      command: input.command ?? '/dub',
      text: input.text,
      api_app_id: this.#slack.appId,
      response_url: this.#slack.responseUrl(input.channel, input.user),
      trigger_id: this.#slack.trigger(input.user),
    });
  }

  /**
   * Any interaction payload exactly as given, signed like Slack's: what a forger who holds a correct signature
   * could send (another `type`, none, a container or value that Slack would never put there).
   */
  forge(payload: Record<string, unknown>): Promise<DriverResponse> {
    return this.#transport.interaction(payload);
  }

  #interaction(payload: Record<string, unknown>): Promise<DriverResponse> {
    return this.#transport.interaction(payload);
  }

  /**
   * Clicks a button of a message the app posted, with the picker's selections as the user left them:
   * `selections` maps an action id to the chosen option values (initial options otherwise).
   */
  click(input: {
    message: SlackMessage;
    actionId: string;
    user: string;
    selections?: Record<string, string[]>;
  }): Promise<DriverResponse> {
    const { message } = input;
    const blocks = (message.blocks ?? []) as Block[];
    let clicked: { element: Element; blockId: string } | undefined;
    const values: Record<string, Record<string, unknown>> = {};
    for (const block of blocks) {
      // A section's accessory is clickable too (a button beside its text).
      for (const element of [...(block.elements ?? []), ...(block.accessory ? [block.accessory] : [])]) {
        if (element.action_id === input.actionId) clicked = { element, blockId: block.block_id ?? '' };
        if (element.type === 'multi_static_select' || element.type === 'static_select') {
          const chosen = input.selections?.[element.action_id ?? ''];
          const options = [
            ...(element.options ?? []),
            ...(element.option_groups ?? []).flatMap((g) => g.options),
          ];
          const pick = (value: string) => {
            const found = options.find((o) => o.value === value);
            if (!found) throw new Error(`no option ${value} in ${element.action_id}`);
            return found;
          };
          const entry =
            element.type === 'multi_static_select'
              ? {
                  type: element.type,
                  selected_options: chosen ? chosen.map(pick) : (element.initial_options ?? []),
                }
              : {
                  type: element.type,
                  selected_option: chosen?.[0] ? pick(chosen[0]) : (element.initial_option ?? null),
                };
          values[block.block_id ?? ''] = {
            ...values[block.block_id ?? ''],
            [element.action_id ?? '']: entry,
          };
        }
      }
    }
    if (!clicked) throw new Error(`message ${message.ts} has no element ${input.actionId}`);
    return this.act({
      user: input.user,
      message,
      values,
      action: {
        type: clicked.element.type,
        action_id: input.actionId,
        block_id: clicked.blockId,
        value: clicked.element.value,
        text: clicked.element.text,
      },
    });
  }

  /**
   * A block_actions payload as Slack sends it when a person clicks or picks in a message (an ephemeral one
   * too) or a view: `action` is the element's part (type, action_id, block_id, value or selection), `values`
   * the state of the surface's inputs. The web client sends every click through here.
   */
  act(input: {
    user: string;
    action: Record<string, unknown>;
    values: Record<string, Record<string, unknown>>;
    message?: SlackMessage;
    /** An ephemeral message: its channel and the ts Slack gave it (it is nowhere in the channel's history). */
    ephemeral?: { channel: string; ts: string; text: string; blocks?: unknown[] };
    viewId?: string;
  }): Promise<DriverResponse> {
    const action = { ...input.action, action_ts: String(Date.now() / 1000) };
    const common = {
      type: 'block_actions',
      ...this.#teamFields(),
      user: { id: input.user, name: input.user.toLowerCase() },
      api_app_id: this.#slack.appId,
      token: 'unused',
      trigger_id: this.#slack.trigger(input.user),
      actions: [action],
    };
    if (input.viewId !== undefined) {
      const view = this.#slack.views.find((v) => v.id === input.viewId);
      if (!view) throw new Error(`no view ${input.viewId}`);
      return this.#interaction({
        ...common,
        container: { type: 'view', view_id: view.id },
        view: { ...viewOf(view), hash: `h-${view.id}`, state: { values: input.values } },
      });
    }
    const message = input.message ?? input.ephemeral;
    if (!message) throw new Error('an action needs a message or a view');
    const isEphemeral = input.message === undefined;
    return this.#interaction({
      ...common,
      container: {
        type: 'message',
        message_ts: message.ts,
        channel_id: message.channel,
        is_ephemeral: isEphemeral,
      },
      channel: { id: message.channel },
      ...(input.message ? { message: { ...input.message, history: undefined } } : {}),
      state: { values: input.values },
      response_url: this.#slack.responseUrl(message.channel, input.user, {
        ...(input.message?.thread_ts ? { threadTs: input.message.thread_ts } : {}),
        ...(input.message ? { messageTs: input.message.ts } : {}),
      }),
    });
  }

  /** The message shortcut "Dub this video" on a message. */
  messageShortcut(input: {
    message: SlackMessage;
    user: string;
    callbackId?: string;
  }): Promise<DriverResponse> {
    return this.#interaction({
      type: 'message_action',
      callback_id: input.callbackId ?? 'dub_message',
      ...this.#teamFields(),
      user: { id: input.user, name: input.user.toLowerCase() },
      channel: { id: input.message.channel, name: input.message.channel.toLowerCase() },
      message: { ...input.message, history: undefined, files: input.message.files?.map(publicFile) },
      message_ts: input.message.ts,
      trigger_id: this.#slack.trigger(input.user),
      response_url: this.#slack.responseUrl(input.message.channel, input.user),
      token: 'unused',
      action_ts: String(Date.now() / 1000),
    });
  }

  /** Submits a modal the app opened, with `values` as Slack's view.state.values. */
  submitView(input: { viewId: string; user: string; values: Record<string, Record<string, unknown>> }) {
    const view = this.#slack.views.find((v) => v.id === input.viewId);
    if (!view) throw new Error(`no view ${input.viewId}`);
    return this.#interaction({
      type: 'view_submission',
      ...this.#teamFields(),
      user: { id: input.user, name: input.user.toLowerCase() },
      api_app_id: this.#slack.appId,
      token: 'unused',
      trigger_id: this.#slack.trigger(input.user),
      view: { ...viewOf(view), state: { values: input.values } },
    });
  }

  /** Clicks a button inside a modal the app opened, with the view's inputs holding `values`. */
  clickInView(input: {
    viewId: string;
    actionId: string;
    user: string;
    values: Record<string, Record<string, unknown>>;
    /** Which of several elements sharing the action id (one per block, as Slack allows): the one with this value. */
    value?: string;
  }): Promise<DriverResponse> {
    const view = this.#slack.views.find((v) => v.id === input.viewId);
    if (!view) throw new Error(`no view ${input.viewId}`);
    const blocks = (view.view.blocks ?? []) as Block[];
    // A section's accessory is clickable too.
    const elementsOf = (b: Block) => [...(b.elements ?? []), ...(b.accessory ? [b.accessory] : [])];
    const matches = (e: Element) =>
      e.action_id === input.actionId && (input.value === undefined || e.value === input.value);
    const block = blocks.find((b) => elementsOf(b).some(matches));
    const element = block && elementsOf(block).find(matches);
    if (!block || !element) throw new Error(`view ${input.viewId} has no element ${input.actionId}`);
    return this.act({
      user: input.user,
      viewId: view.id,
      values: input.values,
      action: {
        type: element.type,
        action_id: input.actionId,
        block_id: block.block_id,
        value: element.value,
        text: element.text,
      },
    });
  }
}

interface Option {
  value?: string;
  text?: unknown;
}
interface Element {
  type: string;
  action_id?: string;
  value?: string;
  text?: unknown;
  options?: Option[];
  option_groups?: { options: Option[] }[];
  initial_options?: Option[];
  initial_option?: Option;
}
interface Block {
  type: string;
  block_id?: string;
  elements?: Element[];
  accessory?: Element;
}

/** A workspace's origin: the default one's (the static bot token's), or one declared in `slack.installs`. */
function originOf(slack: FakeSlack, workspace: string | undefined): Origin {
  if (workspace === undefined || workspace === slack.teamId)
    return { teamId: slack.teamId, enterpriseId: null, orgInstall: false, botUserId: slack.botUserId };
  const declared = slack.installs.workspaces.get(workspace);
  if (!declared) throw new Error(`the sandbox has no workspace ${workspace} (slack.installs.addWorkspace)`);
  const enterpriseId = declared.enterpriseId ?? null;
  const org = enterpriseId ? slack.installs.installations.get(enterpriseId) : undefined;
  const installation = org ?? slack.installs.installations.get(workspace);
  return {
    teamId: workspace,
    enterpriseId,
    orgInstall: org !== undefined,
    botUserId: installation?.botUserId ?? botUserIdOf(workspace),
  };
}

/** A view as Slack puts it in a payload: with its id, and the workspace whose installation opened it. */
function viewOf(stored: StoredView): Record<string, unknown> {
  const installed = stored.app_installed_team_id;
  return { ...stored.view, id: stored.id, ...(installed ? { app_installed_team_id: installed } : {}) };
}

function publicFile({ content: _content, ...file }: SlackFile): Omit<SlackFile, 'content'> {
  return file;
}

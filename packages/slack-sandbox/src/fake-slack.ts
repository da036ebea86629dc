// A small fake of Slack's Web API on 127.0.0.1, used by the end-to-end tests, the demo and the bench:
// the methods the app calls (messages, ephemerals, views, the external file upload flow, files, threads,
// people and the app's direct messages with them, permalinks),
// shared files served at url_private_download behind the bot token, response_url endpoints, Socket Mode
// (apps.connections.open and the WebSocket it hands out, socket-mode.ts), and a record of every call. It
// keeps channels and threads in memory so that a test or the demo can read the thread back.
import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ORG_TOKEN_NEEDS_TEAM_ID, SandboxInstalls, type TokenGrant } from './installs.ts';
import { RateLimits, type SlackLimits } from './rate-limits.ts';
import { SocketModeServer } from './socket-mode.ts';
import { type StepExecution, Workflows } from './workflows.ts';

export interface RecordedCall {
  method: string;
  args: Record<string, unknown>;
  at: number;
  /**
   * Whose token made the call: the installation's key (a T… workspace, or an E… org for an org-wide install),
   * refused calls included; the default workspace's for the static bot token; none for a token Slack never issued.
   */
  team?: string;
  /**
   * Slack's error when it refused the call's credentials: the bot token (`invalid_auth`, `token_expired`,
   * `token_revoked`), or, for `oauth.v2.access`, the code or refresh token (`invalid_refresh_token`, …).
   */
  refused?: string;
  /** Answered 429 by Slack's own limits (`FakeSlackOptions.limits`), with this Retry-After (seconds). */
  limitedFor?: number;
}

export interface SlackFile {
  id: string;
  name: string;
  title: string;
  mimetype: string;
  filetype: string;
  size: number;
  url_private: string;
  url_private_download: string;
  /** Who uploaded it, when a user did (files.info's `user`). */
  user?: string;
  /** The conversations it is shared in, as files.info lists them (`channels`; kept as one list here). */
  channels: string[];
  /** Bytes of a file shared by a user or uploaded by the app. */
  content: Uint8Array;
}

export interface SlackMessage {
  channel: string;
  ts: string;
  thread_ts?: string;
  user: string;
  bot_id?: string;
  text: string;
  blocks?: unknown[];
  metadata?: { event_type: string; event_payload: Record<string, unknown> };
  files?: SlackFile[];
  /** Link previews (unfurls) as Slack attaches them to a person's message: the page's title and its link. */
  attachments?: { title: string; title_link?: string; from_url: string; original_url?: string }[];
  /** Earlier versions, oldest first, when the message was edited with chat.update. */
  history: { text: string; blocks?: unknown[] }[];
}

export interface Ephemeral {
  channel: string;
  user: string;
  text: string;
  blocks?: unknown[];
  thread_ts?: string;
  via: 'chat.postEphemeral' | 'response_url' | 'command_response';
}

export interface FakeSlackOptions {
  botToken: string;
  botUserId?: string;
  botId?: string;
  teamId?: string;
  /** The app-level token (`xapp-…`) apps.connections.open accepts; without it Socket Mode is refused. */
  appToken?: string;
  appId?: string;
  /** Answer this many calls of a method with 429 and Retry-After (seconds) before serving it. */
  rateLimit?: { method: string; times: number; retryAfterSeconds: number };
  /**
   * Slack's own rate limits, per workspace (rate-limits.ts): each method by its tier, chat.postMessage per
   * channel; a call over its limit is answered 429 with Retry-After and takes no effect. Off by default.
   */
  limits?: SlackLimits;
  /**
   * More static bot tokens, each a workspace's (token to team id), for a bench of many workspaces without
   * installing each through OAuth: their calls count against their workspace's limits.
   */
  workspaceTokens?: Record<string, string>;
}

/** Slack's faults, played on demand: a test changes them at any time (`slack.faults`). */
export interface SlackFaults {
  /** 429 in Slack's shape (Retry-After, `{ok: false, error: "ratelimited"}`) for a method, in one channel or any. */
  rateLimits: { method: string; channel?: string; times: number; retryAfterSeconds: number }[];
  /**
   * The call takes effect, then the connection is dropped before the answer: the caller cannot know. With
   * `holdMs`, the connection hangs that long first (the caller waits, and may die waiting).
   */
  lostAnswers: { method: string; times: number; holdMs?: number }[];
  /**
   * The call takes effect at once and its answer is sent `delayMs` later (a busy Slack, a slow network): a
   * caller that stopped waiting meanwhile cannot know it took effect. `oauth.v2.access` included, whose
   * refresh grant uses up its refresh token the moment it is served.
   */
  slowAnswers: { method: string; times: number; delayMs: number }[];
  /**
   * Slack down for some methods until `until` (a Date.now() time): their calls are answered 429 (with
   * Retry-After) and HTTP 500 in turn, and none takes effect; `served` counts the calls so answered.
   */
  outages: SlackOutage[];
  /**
   * Calls of a method refused `times` times, taking no effect: with `error`, Slack's `{ok: false, error}`
   * (an `internal_error`, say); with `status`, a plain HTTP answer of that status (a 400 with no body).
   */
  refusals: { method: string; times: number; error?: string; status?: number }[];
  /**
   * Faults drawn at random from `seed` (the same seed and the same calls give the same faults), for the
   * methods listed (every Web API method when none): a share of calls answered 429 in Slack's shape, a
   * share answered HTTP 500 (neither takes effect), and a delay before each call is served.
   */
  random?: RandomSlackFaults;
}

export interface SlackOutage {
  methods: string[];
  until: number;
  retryAfterSeconds: number;
  served?: number;
}

export interface RandomSlackFaults {
  seed: number;
  /** Only these methods (default: every Web API method but apps.connections.open). */
  methods?: string[];
  /** Share (0..1) of calls answered 429 with `Retry-After: retryAfterSeconds` (default 1). */
  rateLimitRate?: number;
  retryAfterSeconds?: number;
  /** Share (0..1) of calls answered HTTP 500 with Slack's plain-text error page. */
  errorRate?: number;
  /** Milliseconds before the call is served: a fixed delay, or drawn evenly from [min, max]. */
  delayMs?: number | [number, number];
}

/** A user group as a test declares it (`setUserGroup`). */
export interface SlackUserGroup {
  id: string;
  handle: string;
  name: string;
  users: string[];
}

/** A workspace member as users.info describes them (the fields the app reads). */
export interface SlackUser {
  id: string;
  name: string;
  is_bot: boolean;
  is_app_user: boolean;
  deleted: boolean;
  /** A workspace admin or owner (what users.info says; false unless a test declares it). */
  is_admin?: boolean;
  is_owner?: boolean;
}

export interface StoredView {
  id: string;
  trigger_id?: string;
  user_id?: string;
  view: Record<string, unknown>;
  /**
   * The workspace whose installation opened it, as Slack puts it in the view of every payload from it (a
   * person of another workspace may act in it, through Slack Connect). Unset for the default workspace's
   * static token and an org-wide install's.
   */
  app_installed_team_id?: string;
}

export interface ViewChange {
  method: 'views.open' | 'views.push' | 'views.update' | 'views.publish' | 'response_action';
  id: string;
  user?: string;
}

/** Events the demo follows to print the thread as it changes. */
export interface FakeSlackEvents {
  message: [SlackMessage];
  update: [SlackMessage];
  ephemeral: [Ephemeral];
  /** A view was opened, pushed, updated or published (Home); `user` is whose screen it is on. */
  view: [ViewChange];
  /** A call took effect and its answer is about to be dropped (`faults.lostAnswers`): a test may crash the app here. */
  lostAnswer: [RecordedCall];
  /** A workflow's run of the app's step started, or ended (completed with its outputs, or failed with a reason). */
  step: [StepExecution];
  /** An install's code was exchanged (oauth.v2.access): the app is in that workspace, or org, now (its key). */
  installed: [string];
}

export class FakeSlack extends EventEmitter<FakeSlackEvents> {
  readonly calls: RecordedCall[] = [];
  /** Workspaces, orgs and the installs, tokens and OAuth grants of a distributed app (installs.ts). */
  readonly installs = new SandboxInstalls();
  readonly faults: SlackFaults = {
    rateLimits: [],
    lostAnswers: [],
    slowAnswers: [],
    outages: [],
    refusals: [],
  };
  /** Bot scopes the app was not granted (a test's install without them): their methods answer missing_scope. */
  readonly missingScopes = new Set<string>();
  /** Public channels the app has not been invited to (it can read them, not post in them). */
  readonly outsideOf = new Set<string>();
  readonly messages: SlackMessage[] = [];
  readonly ephemerals: Ephemeral[] = [];
  readonly views: StoredView[] = [];
  readonly files = new Map<string, SlackFile>();
  /** How often each shared file was downloaded with the bot token. */
  readonly downloads = new Map<string, number>();
  /** People and bots declared by a test (`setUser`); any other U… id is a person, as users.info says. */
  readonly #users = new Map<string, SlackUser>();
  /** User groups declared by a test (`setUserGroup`), by id: what usergroups.list and usergroups.users.list answer. */
  readonly #userGroups = new Map<string, SlackUserGroup>();
  /** The app's direct message with each person (conversations.open), by channel id. */
  readonly #ims = new Map<string, string>();
  /** Channels with a closed membership (private ones, in a test); any other channel has everyone seen. */
  readonly #members = new Map<string, string[]>();
  /** Every user who posted, or whose command or click got a response_url: "everyone" of an open channel. */
  readonly #seenUsers = new Set<string>();
  readonly botUserId: string;
  readonly botId: string;
  readonly teamId: string;
  readonly appId: string;
  /** Socket Mode: the connections the app opened and the envelopes sent on them. */
  readonly socketMode: SocketModeServer;
  /** Workflow runs of the app's custom steps, each with its own token (workflows.ts). */
  readonly workflows = new Workflows((execution) => this.emit('step', execution));
  readonly #options: FakeSlackOptions;
  readonly #server: Server;
  readonly #pendingUploads = new Map<string, { filename: string; length: number; content?: Uint8Array }>();
  readonly #responseUrls = new Map<
    string,
    { channel: string; user: string; threadTs?: string; messageTs?: string }
  >();
  /** Whose click or command each trigger_id came from: a modal opened with it shows on that person's screen. */
  readonly #triggers = new Map<string, string>();
  #rateLimited = 0;
  /** Slack's own limits, when on: whose calls were answered 429 is `limits.limited`. */
  readonly limits: RateLimits | undefined;
  /** The random faults' generator, made again whenever a test sets a new `faults.random`. */
  #random: { of: RandomSlackFaults; next: () => number } | undefined;
  #clock = 1_700_000_000_000;
  #url = '';

  constructor(options: FakeSlackOptions) {
    super();
    this.#options = options;
    this.botUserId = options.botUserId ?? 'UDUBKIT';
    this.botId = options.botId ?? 'BDUBKIT';
    this.teamId = options.teamId ?? 'T0DUBKIT';
    this.appId = options.appId ?? 'ADUBKIT';
    this.limits = options.limits ? new RateLimits(options.limits) : undefined;
    this.socketMode = new SocketModeServer({ appId: this.appId, baseUrl: () => this.#url });
    this.#server = createServer((req, res) => {
      this.#handle(req, res).catch((error: unknown) => {
        res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
      });
    });
    this.#server.on('upgrade', (req, socket, head) => this.socketMode.handleUpgrade(req, socket, head));
  }

  /** Starts listening on 127.0.0.1 at a free port. */
  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    const { port } = this.#server.address() as AddressInfo;
    this.#url = `http://127.0.0.1:${port}`;
    return this;
  }

  async close(): Promise<void> {
    await this.socketMode.close();
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  /** The Web API base URL to give the app (SLACK_API_URL). */
  get apiUrl(): string {
    return `${this.#url}/api/`;
  }

  get url(): string {
    return this.#url;
  }

  /**
   * Makes a channel's membership exactly `users` (a private channel); conversations.members answers with
   * them. A channel never set has every user this fake has seen.
   */
  setMembers(channel: string, users: string[]): void {
    this.#members.set(channel, [...users]);
  }

  /** Declares a workspace member (a bot, a deactivated account) as users.info will describe them. */
  setUser(user: Partial<SlackUser> & { id: string }): void {
    this.#users.set(user.id, {
      name: user.id.toLowerCase(),
      is_bot: false,
      is_app_user: false,
      deleted: false,
      ...user,
    });
  }

  /**
   * Declares a user group (an `S…` id) or replaces it: its handle ("@qa-es" without the @), its name and its
   * members, as usergroups.list and usergroups.users.list will describe them.
   */
  setUserGroup(group: { id: string; handle: string; name: string; users: string[] }): void {
    this.#userGroups.set(group.id, { ...group, users: [...group.users] });
  }

  /** The id of the app's direct message with `user` (the one conversations.open opens). */
  imOf(user: string): string {
    return `D${user.slice(1)}`;
  }

  /** Opens the app's direct message with `user` as the person does (the app's Messages tab); returns its id. */
  openDirectMessage(user: string): string {
    const id = this.imOf(user);
    this.#ims.set(id, user);
    return id;
  }

  /** Whether `channel` is a direct message with the app: what a command typed in it is sent as. */
  isDirectMessage(channel: string): boolean {
    return this.#ims.has(channel);
  }

  /** The messages of the app's direct message with `user`, oldest first. */
  directMessages(user: string): SlackMessage[] {
    return this.messages.filter((m) => m.channel === this.imOf(user));
  }

  /** A message as a user posts it; returns it (its ts) so that an event about it can be sent. */
  postUserMessage(input: {
    channel: string;
    user: string;
    text: string;
    files?: SlackFile[];
    thread_ts?: string;
    attachments?: SlackMessage['attachments'];
  }) {
    this.#seenUsers.add(input.user);
    for (const file of input.files ?? []) {
      file.user ??= input.user;
      if (!file.channels.includes(input.channel)) file.channels.push(input.channel);
    }
    const message: SlackMessage = {
      channel: input.channel,
      ts: this.#nextTs(),
      user: input.user,
      text: input.text,
      history: [],
      ...(input.thread_ts ? { thread_ts: input.thread_ts } : {}),
      ...(input.files ? { files: input.files } : {}),
      ...(input.attachments ? { attachments: input.attachments } : {}),
    };
    this.messages.push(message);
    this.emit('message', message);
    return message;
  }

  /**
   * A file as a user uploads it (`user`, e.g. through a dialog's file input): shared nowhere until a message
   * carries it. Served at url_private_download to the bot token only.
   */
  addFile(input: { name: string; mimetype: string; content: Uint8Array; user?: string }): SlackFile {
    const id = `F${randomBytes(5).toString('hex').toUpperCase()}`;
    const file: SlackFile = {
      id,
      name: input.name,
      title: input.name,
      mimetype: input.mimetype,
      filetype: input.name.split('.').pop() ?? 'binary',
      size: input.content.byteLength,
      url_private: `${this.#url}/files-pri/${this.teamId}-${id}/${encodeURIComponent(input.name)}`,
      url_private_download: `${this.#url}/files-pri/${this.teamId}-${id}/download/${encodeURIComponent(input.name)}`,
      ...(input.user ? { user: input.user } : {}),
      channels: [],
      content: input.content,
    };
    this.files.set(id, file);
    return file;
  }

  /**
   * A response_url for an interaction or command in `channel` by `user`. From a click on a message: its
   * ephemeral answers show in the message's thread, and `replace_original` edits the message, as in Slack.
   */
  responseUrl(channel: string, user: string, from: { threadTs?: string; messageTs?: string } = {}): string {
    const id = randomBytes(6).toString('hex');
    this.#seenUsers.add(user);
    this.#responseUrls.set(id, { channel, user, ...from });
    return `${this.#url}/response/${id}`;
  }

  /** Shows a message to one person only, as Slack does for an ephemeral or a command's direct answer. */
  whisper(ephemeral: Ephemeral): void {
    this.ephemerals.push(ephemeral);
    this.emit('ephemeral', ephemeral);
  }

  /** A trigger_id for an interaction or command by `user`, as Slack hands one out with each of them. */
  trigger(user: string): string {
    const id = `${Date.now()}.${randomBytes(6).toString('hex')}`;
    this.#triggers.set(id, user);
    return id;
  }

  /** What Slack does with a view_submission's `response_action: update` or `push`: the view changes in place. */
  applyViewResponse(
    viewId: string,
    answer: { response_action?: string; view?: unknown },
    user: string,
  ): void {
    if (answer.response_action === 'update' && answer.view) {
      const stored = this.views.find((v) => v.id === viewId);
      if (stored) stored.view = answer.view as Record<string, unknown>;
      this.emit('view', { method: 'response_action', id: viewId, user });
    } else if (answer.response_action === 'push' && answer.view) {
      const id = `V${randomBytes(5).toString('hex').toUpperCase()}`;
      this.views.push({ id, user_id: user, view: answer.view as Record<string, unknown> });
      this.emit('view', { method: 'views.push', id, user });
    }
  }

  /** The root message and its replies, in order. */
  thread(channel: string, ts: string): SlackMessage[] {
    return this.messages.filter((m) => m.channel === channel && (m.ts === ts || m.thread_ts === ts));
  }

  message(channel: string, ts: string): SlackMessage | undefined {
    return this.messages.find((m) => m.channel === channel && m.ts === ts);
  }

  callsOf(method: string): RecordedCall[] {
    return this.calls.filter((call) => call.method === method);
  }

  /**
   * users.info's member: one declared by a test, the app's own bot user (an install's too), Slackbot, or any other id shaped
   * like a user's (a person); none for anything else.
   */
  #user(id: string): SlackUser | undefined {
    const declared = this.#users.get(id);
    if (declared) return declared;
    const person = { id, name: id.toLowerCase(), is_bot: false, is_app_user: false, deleted: false };
    const installedBot = [...this.installs.installations.values()].some((i) => i.botUserId === id);
    if (id === this.botUserId || installedBot) return { ...person, name: 'dubkit', is_bot: true };
    if (id === 'USLACKBOT') return { ...person, name: 'slackbot' };
    return /^[UW][A-Z0-9]{2,}$/.test(id) ? person : undefined;
  }

  #nextTs(): string {
    this.#clock += 1;
    return `${Math.floor(this.#clock / 1000)}.${String((this.#clock % 1000) * 1000).padStart(6, '0')}`;
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.#url);
    const body = await readBody(req);
    if (req.method === 'GET' && url.pathname.startsWith('/files-pri/')) return this.#serveFile(req, res, url);
    if (req.method === 'GET' && url.pathname === '/oauth/v2/authorize') {
      // The page a person approves the install on; here it approves at once and sends the browser back.
      const answer = this.installs.authorize(url.searchParams);
      if ('location' in answer) res.writeHead(302, { location: answer.location }).end();
      else if ('html' in answer)
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(answer.html);
      else res.writeHead(answer.status, { 'content-type': 'text/plain' }).end(answer.text);
      return;
    }
    if (req.method === 'POST' && url.pathname.startsWith('/upload/'))
      return this.#receiveUpload(req, res, url, body);
    if (req.method === 'POST' && url.pathname.startsWith('/response/')) {
      return this.#respond(res, url, parseJsonOrForm(req, body));
    }
    if (req.method === 'POST' && url.pathname.startsWith('/api/')) {
      const method = url.pathname.slice('/api/'.length);
      const args = parseJsonOrForm(req, body);
      if (method === 'oauth.v2.access') {
        const answer = this.installs.access(args, req.headers.authorization);
        const refused = answer.ok === true ? undefined : String(answer.error);
        this.calls.push({ method, args, at: Date.now(), ...(refused ? { refused } : {}) });
        await this.#slowAnswer(method);
        json(res, answer);
        const installed = answer.ok === true && args.grant_type !== 'refresh_token';
        if (installed) this.emit('installed', this.installs.ownerOf(String(answer.access_token)) ?? '');
        return;
      }
      const auth = this.#authenticate(req.headers.authorization);
      const team = auth.ok ? (auth.grant?.installation.key ?? auth.team ?? this.teamId) : auth.team;
      const call: RecordedCall = {
        method,
        args,
        at: Date.now(),
        ...(team ? { team } : {}),
        ...(auth.ok ? {} : { refused: auth.error }),
      };
      this.calls.push(call);
      const channel = String(args.channel ?? args.channel_id ?? '');
      const retryAfter = auth.ok && team ? this.limits?.take(team, method, channel, call.at) : undefined;
      if (retryAfter !== undefined) {
        call.limitedFor = retryAfter;
        res.writeHead(429, { 'retry-after': String(retryAfter), 'content-type': 'application/json' });
        res.end(JSON.stringify({ ok: false, error: 'ratelimited' }));
        return;
      }
      const limit = this.#options.rateLimit;
      if (limit && limit.method === method && this.#rateLimited < limit.times) {
        this.#rateLimited++;
        res.writeHead(429, {
          'retry-after': String(limit.retryAfterSeconds),
          'content-type': 'application/json',
        });
        res.end(JSON.stringify({ ok: false, error: 'ratelimited' }));
        return;
      }
      const storm = this.faults.rateLimits.find(
        (f) => f.method === method && f.times > 0 && (f.channel === undefined || f.channel === channel),
      );
      if (storm) {
        storm.times -= 1;
        res.writeHead(429, {
          'retry-after': String(storm.retryAfterSeconds),
          'content-type': 'application/json',
        });
        res.end(JSON.stringify({ ok: false, error: 'ratelimited' }));
        return;
      }
      const outage = this.faults.outages.find((f) => f.methods.includes(method) && Date.now() < f.until);
      if (outage) {
        outage.served = (outage.served ?? 0) + 1;
        if (outage.served % 2 === 1) {
          res.writeHead(429, {
            'retry-after': String(outage.retryAfterSeconds),
            'content-type': 'application/json',
          });
          res.end(JSON.stringify({ ok: false, error: 'ratelimited' }));
        } else res.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error');
        return;
      }
      const refusal = this.faults.refusals.find((f) => f.method === method && f.times > 0);
      if (refusal) {
        refusal.times -= 1;
        if (refusal.status !== undefined) res.writeHead(refusal.status).end();
        else json(res, { ok: false, error: refusal.error ?? 'internal_error' });
        return;
      }
      if (method === 'apps.connections.open') return json(res, this.#openConnection(req));
      const drawn = this.#drawRandomFault(method);
      if (drawn.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, drawn.delayMs));
      if (drawn.kind === 'rate-limit') {
        res.writeHead(429, { 'retry-after': String(drawn.retryAfter), 'content-type': 'application/json' });
        res.end(JSON.stringify({ ok: false, error: 'ratelimited' }));
        return;
      }
      if (drawn.kind === 'error') {
        res.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error');
        return;
      }
      const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      // A step's completion takes its execution's token only, never a bot token (workflows.ts).
      const step = Workflows.handles(method);
      if (!step && !auth.ok) return json(res, { ok: false, error: auth.error });
      // An org-wide token must say which workspace it lists or looks up in, as Slack asks it to.
      if (
        !step &&
        auth.ok &&
        auth.grant?.installation.orgInstall &&
        ORG_TOKEN_NEEDS_TEAM_ID.has(method) &&
        (args.team_id === undefined || args.team_id === '')
      )
        return json(res, { ok: false, error: 'missing_argument' });
      // A token used for another installation's workspace (a method's team_id) is refused as Slack refuses it.
      if (
        !step &&
        auth.ok &&
        auth.grant &&
        args.team_id !== undefined &&
        !this.installs.covers(auth.grant.installation, String(args.team_id))
      )
        return json(res, { ok: false, error: 'team_access_not_granted' });
      const answer = step
        ? this.workflows.complete(method, String(args.token ?? bearer), args)
        : this.#call(method, args, auth.ok ? auth.grant : undefined);
      const lost = this.faults.lostAnswers.find((f) => f.method === method && f.times > 0);
      if (lost) {
        lost.times -= 1;
        this.emit('lostAnswer', { method, args, at: Date.now() });
        if (lost.holdMs) await new Promise((resolve) => setTimeout(resolve, lost.holdMs));
        req.socket.destroy();
        return;
      }
      await this.#slowAnswer(method);
      return json(res, answer);
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  }

  /** Holds a call's answer back while a `faults.slowAnswers` entry for its method asks to. */
  async #slowAnswer(method: string): Promise<void> {
    const slow = this.faults.slowAnswers.find((f) => f.method === method && f.times > 0);
    if (!slow) return;
    slow.times -= 1;
    await new Promise((resolve) => setTimeout(resolve, slow.delayMs));
  }

  /** What `faults.random` does to this call: nothing, a 429, a 500, and how long it waits first. */
  #drawRandomFault(method: string): {
    kind: 'none' | 'rate-limit' | 'error';
    delayMs: number;
    retryAfter: number;
  } {
    const faults = this.faults.random;
    if (!faults || (faults.methods && !faults.methods.includes(method)))
      return { kind: 'none', delayMs: 0, retryAfter: 0 };
    if (this.#random?.of !== faults) this.#random = { of: faults, next: seeded(faults.seed) };
    const next = this.#random.next;
    const { delayMs = 0, rateLimitRate = 0, errorRate = 0 } = faults;
    // Three draws for every call, whatever the outcome, so that one fault's share does not shift the others'.
    const wait = typeof delayMs === 'number' ? delayMs : delayMs[0] + next() * (delayMs[1] - delayMs[0]);
    const limited = next() < rateLimitRate;
    const failed = next() < errorRate;
    const kind = limited ? 'rate-limit' : failed ? 'error' : 'none';
    return { kind, delayMs: Math.round(wait), retryAfter: faults.retryAfterSeconds ?? 1 };
  }

  /** apps.connections.open takes the app-level token only, as Slack does: a bot token is the wrong type. */
  #openConnection(req: IncomingMessage): Record<string, unknown> {
    const auth = req.headers.authorization ?? '';
    const appToken = this.#options.appToken;
    if (appToken && auth === `Bearer ${appToken}`) return { ok: true, url: this.socketMode.openUrl() };
    if (auth === `Bearer ${this.#options.botToken}`) return { ok: false, error: 'not_allowed_token_type' };
    return { ok: false, error: 'invalid_auth' };
  }

  /**
   * Who a bearer token is: the default workspace's static bot token (no grant), or a token issued by an install;
   * otherwise Slack's refusal (`invalid_auth`, `token_expired`, `token_revoked`), with the install it was for.
   */
  #authenticate(
    header: string | undefined,
  ): { ok: true; grant?: TokenGrant; team?: string } | { ok: false; error: string; team?: string } {
    if (header === `Bearer ${this.#options.botToken}`) return { ok: true };
    const token = header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    const workspace = this.#options.workspaceTokens?.[token];
    if (workspace) return { ok: true, team: workspace };
    const checked = this.installs.check(token);
    if (checked.ok) return { ok: true, grant: checked.grant };
    const team = this.installs.ownerOf(token);
    return { ok: false, error: checked.error, ...(team ? { team } : {}) };
  }

  #call(method: string, args: Record<string, unknown>, grant?: TokenGrant): Record<string, unknown> {
    const channel = String(args.channel ?? args.channel_id ?? '');
    const installed = grant?.installation;
    // What the app posts is signed by the bot user of the install whose token posted it.
    const poster = { user: installed?.botUserId ?? this.botUserId, bot_id: installed?.botId ?? this.botId };
    switch (method) {
      case 'auth.test':
        return {
          ok: true,
          url: `${this.#url}/`,
          team: 'dubkit',
          user: 'dubkit',
          team_id: installed ? installed.teamId : this.teamId,
          user_id: installed ? installed.botUserId : this.botUserId,
          bot_id: installed ? installed.botId : this.botId,
          ...(installed?.enterpriseId ? { enterprise_id: installed.enterpriseId } : {}),
          ...(installed?.orgInstall ? { is_enterprise_install: true } : {}),
        };
      case 'chat.postMessage': {
        if (!channel) return { ok: false, error: 'channel_not_found' };
        const message: SlackMessage = {
          channel,
          ts: this.#nextTs(),
          ...poster,
          text: String(args.text ?? ''),
          history: [],
          ...(args.thread_ts ? { thread_ts: String(args.thread_ts) } : {}),
          ...(args.blocks ? { blocks: parseMaybeJson(args.blocks) as unknown[] } : {}),
          ...(args.metadata ? { metadata: parseMaybeJson(args.metadata) as SlackMessage['metadata'] } : {}),
        };
        this.messages.push(message);
        this.emit('message', message);
        return { ok: true, channel, ts: message.ts, message };
      }
      case 'chat.update': {
        const message = this.message(channel, String(args.ts));
        if (!message) return { ok: false, error: 'message_not_found' };
        message.history.push({ text: message.text, ...(message.blocks ? { blocks: message.blocks } : {}) });
        message.text = String(args.text ?? '');
        if (args.blocks) message.blocks = parseMaybeJson(args.blocks) as unknown[];
        // file_ids attach files uploaded without a channel to the message (they are then shared there).
        if (args.file_ids) {
          const given = parseMaybeJson(args.file_ids);
          const ids = Array.isArray(given) ? given.map(String) : String(given).split(',');
          const files = ids.map((id) => this.files.get(id));
          if (files.some((f) => !f)) return { ok: false, error: 'file_not_found' };
          for (const file of files as SlackFile[])
            if (!file.channels.includes(channel)) file.channels.push(channel);
          message.files = [...(message.files ?? []), ...(files as SlackFile[])];
        }
        this.emit('update', message);
        return { ok: true, channel, ts: message.ts, text: message.text };
      }
      case 'chat.postEphemeral': {
        const ephemeral: Ephemeral = {
          channel,
          user: String(args.user),
          text: String(args.text ?? ''),
          via: 'chat.postEphemeral',
          ...(args.blocks ? { blocks: parseMaybeJson(args.blocks) as unknown[] } : {}),
          ...(args.thread_ts ? { thread_ts: String(args.thread_ts) } : {}),
        };
        this.whisper(ephemeral);
        return { ok: true, message_ts: this.#nextTs() };
      }
      case 'conversations.replies': {
        const thread = this.thread(channel, String(args.ts));
        if (thread.length === 0) return { ok: false, error: 'thread_not_found' };
        const withMetadata = args.include_all_metadata === true || args.include_all_metadata === 'true';
        return {
          ok: true,
          has_more: false,
          messages: thread.map(({ history: _history, metadata, files, ...rest }) => ({
            ...rest,
            ...(withMetadata && metadata ? { metadata } : {}),
            ...(files ? { files: files.map(publicFile) } : {}),
          })),
        };
      }
      case 'conversations.history': {
        const withMetadata = args.include_all_metadata === true || args.include_all_metadata === 'true';
        const roots = this.messages.filter(
          (m) => m.channel === channel && (!m.thread_ts || m.thread_ts === m.ts),
        );
        return {
          ok: true,
          has_more: false,
          messages: roots.reverse().map(({ history: _history, metadata, files, ...rest }) => ({
            ...rest,
            ...(withMetadata && metadata ? { metadata } : {}),
            ...(files ? { files: files.map(publicFile) } : {}),
          })),
        };
      }
      case 'conversations.members': {
        // Paged like Slack's: `limit` members a page, the next page's cursor in response_metadata.
        const imUser = this.#ims.get(channel);
        const members = imUser
          ? [imUser, this.botUserId]
          : (this.#members.get(channel) ?? [...this.#seenUsers]);
        const limit = Math.min(Math.max(Number(args.limit ?? 100) || 100, 1), 1000);
        const offset = Number(args.cursor ?? 0) || 0;
        const page = members.slice(offset, offset + limit);
        const next = offset + limit < members.length ? String(offset + limit) : '';
        return { ok: true, members: page, response_metadata: { next_cursor: next } };
      }
      case 'conversations.info': {
        const imUser = this.#ims.get(channel);
        if (imUser) return { ok: true, channel: { id: channel, is_im: true, user: imUser } };
        return {
          ok: true,
          channel: { id: channel, name: channel.toLowerCase(), is_member: !this.outsideOf.has(channel) },
        };
      }
      case 'conversations.open': {
        // One person: the app's direct message with them, the same channel every time, as in Slack. A group
        // DM (several users) is not played by this fake.
        const users = String(args.users ?? '')
          .split(',')
          .filter(Boolean);
        if (users.length === 0) return { ok: false, error: 'users_list_not_supplied' };
        if (users.length > 1) return { ok: false, error: 'not_supported_by_the_fake' };
        const user = this.#user(users[0]!);
        if (!user) return { ok: false, error: 'user_not_found' };
        if (user.deleted) return { ok: false, error: 'user_disabled' };
        const id = this.imOf(user.id);
        this.#ims.set(id, user.id);
        return { ok: true, channel: { id, is_im: true, user: user.id } };
      }
      case 'users.info': {
        const user = this.#user(String(args.user ?? ''));
        return user
          ? {
              ok: true,
              // An org's token names the workspace it asks about (team_id); a workspace's token its own.
              user: {
                ...user,
                team_id: installed ? (installed.teamId ?? String(args.team_id ?? '')) : this.teamId,
              },
            }
          : { ok: false, error: 'user_not_found' };
      }
      case 'usergroups.list': {
        if (this.missingScopes.has('usergroups:read')) return missingScope('usergroups:read');
        // Slack's shape: each group's id, team, handle, name and user_count; its users only with include_users.
        const withUsers = args.include_users === true || args.include_users === 'true';
        const usergroups = [...this.#userGroups.values()].map((g) => ({
          id: g.id,
          team_id: this.teamId,
          is_usergroup: true,
          handle: g.handle,
          name: g.name,
          user_count: g.users.length,
          ...(withUsers ? { users: [...g.users] } : {}),
        }));
        return { ok: true, usergroups };
      }
      case 'usergroups.users.list': {
        if (this.missingScopes.has('usergroups:read')) return missingScope('usergroups:read');
        const group = this.#userGroups.get(String(args.usergroup ?? ''));
        return group ? { ok: true, users: [...group.users] } : { ok: false, error: 'no_such_subteam' };
      }
      case 'chat.getPermalink': {
        const message = this.message(channel, String(args.message_ts ?? ''));
        if (!message) return { ok: false, error: 'message_not_found' };
        const reply = message.thread_ts && message.thread_ts !== message.ts;
        const permalink = `${this.#url}/archives/${channel}/p${message.ts.replace('.', '')}${
          reply ? `?thread_ts=${message.thread_ts}&cid=${channel}` : ''
        }`;
        return { ok: true, channel, permalink };
      }
      case 'views.open':
      case 'views.push':
      case 'views.update':
      case 'views.publish': {
        const view = parseMaybeJson(args.view) as Record<string, unknown>;
        const id = String(args.view_id ?? `V${randomBytes(5).toString('hex').toUpperCase()}`);
        const existing = this.views.find((v) => v.id === id);
        const user = args.user_id
          ? String(args.user_id)
          : (this.#triggers.get(String(args.trigger_id ?? '')) ?? existing?.user_id);
        const installedTeam = grant?.installation.orgInstall ? null : grant?.installation.teamId;
        if (existing) existing.view = view;
        else
          this.views.push({
            id,
            view,
            ...(args.trigger_id ? { trigger_id: String(args.trigger_id) } : {}),
            ...(user ? { user_id: user } : {}),
            ...(installedTeam ? { app_installed_team_id: installedTeam } : {}),
          });
        this.emit('view', { method: method as ViewChange['method'], id, ...(user ? { user } : {}) });
        return { ok: true, view: { ...view, id } };
      }
      case 'files.getUploadURLExternal': {
        const id = `F${randomBytes(5).toString('hex').toUpperCase()}`;
        const length = Number(args.length);
        if (!args.filename || !Number.isInteger(length) || length <= 0)
          return { ok: false, error: 'invalid_arguments' };
        this.#pendingUploads.set(id, { filename: String(args.filename), length });
        return { ok: true, upload_url: `${this.#url}/upload/${id}`, file_id: id };
      }
      case 'files.completeUploadExternal': {
        const entries = parseMaybeJson(args.files) as { id: string; title?: string }[];
        const shared: SlackFile[] = [];
        for (const entry of entries) {
          const pending = this.#pendingUploads.get(entry.id);
          if (!pending?.content) return { ok: false, error: 'file_not_found' };
          this.#pendingUploads.delete(entry.id);
          const file = this.addFile({
            name: pending.filename,
            mimetype: 'text/plain',
            content: pending.content,
          });
          this.files.delete(file.id);
          file.id = entry.id;
          file.title = entry.title ?? pending.filename;
          if (channel) file.channels.push(channel);
          this.files.set(entry.id, file);
          shared.push(file);
        }
        if (channel) {
          const message: SlackMessage = {
            channel,
            ts: this.#nextTs(),
            ...poster,
            text: String(args.initial_comment ?? ''),
            files: shared,
            history: [],
            ...(args.thread_ts ? { thread_ts: String(args.thread_ts) } : {}),
          };
          this.messages.push(message);
          this.emit('message', message);
        }
        return { ok: true, files: shared.map(publicFile) };
      }
      case 'files.info': {
        const file = this.files.get(String(args.file));
        return file ? { ok: true, file: publicFile(file) } : { ok: false, error: 'file_not_found' };
      }
      default:
        return { ok: false, error: 'unknown_method' };
    }
  }

  #serveFile(req: IncomingMessage, res: ServerResponse, url: URL): void {
    const id = url.pathname.split('/')[2]?.split('-')[1] ?? '';
    const file = this.files.get(id);
    if (!this.#authenticate(req.headers.authorization).ok) {
      // What Slack does for a token without files:read: a 200 with its sign-in page.
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<!DOCTYPE html><html><body>Sign in to Slack</body></html>');
      return;
    }
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('file not found');
      return;
    }
    this.downloads.set(file.id, (this.downloads.get(file.id) ?? 0) + 1);
    res.writeHead(200, { 'content-type': file.mimetype, 'content-length': String(file.size) });
    res.end(file.content);
  }

  async #receiveUpload(req: IncomingMessage, res: ServerResponse, url: URL, body: Buffer): Promise<void> {
    const id = url.pathname.split('/')[2] ?? '';
    const pending = this.#pendingUploads.get(id);
    if (!pending) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('unknown upload');
      return;
    }
    let content: Uint8Array = body;
    const type = req.headers['content-type'] ?? '';
    if (type.startsWith('multipart/form-data')) {
      const form = await new Response(body, { headers: { 'content-type': type } }).formData();
      const part = [...form.values()].find((value) => typeof value !== 'string');
      if (!part) {
        res.writeHead(400, { 'content-type': 'text/plain' }).end('no file part');
        return;
      }
      content = new Uint8Array(await part.arrayBuffer());
    }
    if (content.byteLength !== pending.length) {
      res.writeHead(400, { 'content-type': 'text/plain' }).end(`expected ${pending.length} bytes`);
      return;
    }
    pending.content = content;
    res.writeHead(200, { 'content-type': 'text/plain' }).end(`OK - ${content.byteLength}`);
  }

  #respond(res: ServerResponse, url: URL, args: Record<string, unknown>): void {
    const target = this.#responseUrls.get(url.pathname.split('/')[2] ?? '');
    if (!target) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('expired_url');
      return;
    }
    this.calls.push({ method: 'response_url', args, at: Date.now() });
    const replace = args.replace_original === true || args.replace_original === 'true';
    // An ephemeral message is nowhere in the channel: its replacement is shown as a new ephemeral.
    if (replace && target.messageTs && this.message(target.channel, target.messageTs)) {
      this.#call('chat.update', { ...args, channel: target.channel, ts: target.messageTs });
      json(res, { ok: true });
      return;
    }
    if (args.response_type === 'in_channel') {
      this.#call('chat.postMessage', { ...args, channel: target.channel });
    } else {
      const ephemeral: Ephemeral = {
        channel: target.channel,
        user: target.user,
        text: String(args.text ?? ''),
        via: 'response_url',
        ...(args.blocks ? { blocks: args.blocks as unknown[] } : {}),
        ...(target.threadTs ? { thread_ts: target.threadTs } : {}),
      };
      this.whisper(ephemeral);
    }
    json(res, { ok: true });
  }
}

/** A small seeded generator (mulberry32): numbers in [0, 1), the same sequence for the same seed. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function publicFile({ content: _content, ...file }: SlackFile): Omit<SlackFile, 'content'> {
  return file;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function parseJsonOrForm(req: IncomingMessage, body: Buffer): Record<string, unknown> {
  const text = body.toString('utf8');
  if (text === '') return {};
  if ((req.headers['content-type'] ?? '').includes('application/json')) return JSON.parse(text);
  return Object.fromEntries(new URLSearchParams(text));
}

/** The Web API client sends objects as JSON strings inside form bodies. */
function parseMaybeJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

function json(res: ServerResponse, body: unknown): void {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

/** Slack's answer to a method whose scope the token lacks. */
function missingScope(needed: string): Record<string, unknown> {
  return { ok: false, error: 'missing_scope', needed, provided: 'the other bot scopes' };
}

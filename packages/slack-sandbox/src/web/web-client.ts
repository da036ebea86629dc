// The fake Slack's web client: a page on 127.0.0.1 that draws the fake's channels (and each person's direct
// message with the app), threads, ephemerals, modals and App Home the way Slack does, for one workspace or
// several (a switcher in the sidebar, and "Add to Slack" in one the app is not installed in), and plays a person's
// side through the same SlackDriver the tests use (signed HTTP or Socket Mode envelopes). Changes reach the
// page as server-sent events; what the person does comes back as small JSON posts. The page's code is plain
// TypeScript compiled by the package's build (tsconfig.client.json) and served from dist/ with a strict
// Content-Security-Policy.
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Ephemeral, FakeSlack, SlackFile, SlackMessage, ViewChange } from '../fake-slack.ts';
import type { SlackDriver } from '../slack-driver.ts';
import type { DriverResponse } from '../transport.ts';
import { functionExecutedEvent, type StepExecution } from '../workflows.ts';
import type {
  ChannelInfo,
  ClientEphemeral,
  ClientFile,
  ClientMessage,
  ClientRun,
  ClientView,
  ClientWorkspace,
  ServerEvent,
  Shortcut,
  UserInfo,
  WorkflowStep,
} from './protocol.ts';

export type { ChannelInfo, Shortcut, StepInput, UserInfo, WorkflowStep } from './protocol.ts';

/** A workspace of the local Slack as the web client shows it: its people and channels. */
export interface WebWorkspace {
  /** Its team id, as `slack.installs.addWorkspace` declared it. */
  id: string;
  name: string;
  /** Its people (ids not shared with another workspace's). */
  users: UserInfo[];
  /** Channels and their members: a person outside one sees a public channel as a preview, a private one not at all. */
  channels: ChannelInfo[];
  /**
   * The app's install page: "Add to Slack" shows in this workspace until the app is installed in it. A
   * function is asked each time a page opens (an app started after the client knows its address only then).
   */
  installUrl?: string | (() => string);
}

export interface WebClientOptions {
  slack: FakeSlack;
  /** The driver for the app now running (a restarted app gets a new one). */
  driver: () => SlackDriver;
  /** The first workspace's people. */
  users: UserInfo[];
  /** The first workspace's channels and their members. */
  channels: ChannelInfo[];
  /** The first workspace's team id (`slack.installs.addWorkspace`); the fake's default workspace when unset. */
  teamId?: string;
  /** The first workspace's name in the sidebar. */
  workspaceName?: string;
  /** More workspaces, each with its own people and channels, switched to from the sidebar. */
  workspaces?: WebWorkspace[];
  /** The app's message shortcuts, from its manifest. */
  shortcuts?: Shortcut[];
  /** The app's slash commands, from its manifest. */
  commands?: string[];
  /** The app's Workflow Builder steps, from its manifest: each can be run from a form ("Run workflow"). */
  steps?: WorkflowStep[];
  appName?: string;
  /** Port on 127.0.0.1 (0: a free one). */
  port?: number;
}

const DIST = new URL('../../dist/', import.meta.url);
const CLIENT_SRC = new URL('../../src/web/client/', import.meta.url);
/** The page's scripts: the client's modules and the Block Kit limits it shares with the tests. */
const SCRIPT = /^\/(web\/client\/[a-z-]+|block-limits)\.js$/;
/** Noto Color Emoji from its npm package: flags and emoji drawn alike on every machine, one without an emoji font too. */
const EMOJI_CSS = import.meta.resolve('@fontsource/noto-color-emoji/index.css');
const EMOJI_FONT = /^\/fonts\/files\/(noto-color-emoji-\d+-400-normal\.woff)$/;
const MAX_UPLOAD_BYTES = 200 * 1024 * 1024;
const CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; font-src 'self'; img-src 'self' http: https: data:; connect-src 'self'; media-src 'self'";

/** A workspace as the client keeps it: the first one's id may be unset (the fake's default workspace). */
type Workspace = Omit<WebWorkspace, 'id'> & { id?: string };

export class WebClient {
  readonly #options: WebClientOptions;
  readonly #workspaces: Workspace[];
  readonly #server: Server;
  /** Open pages, each following one person. */
  readonly #pages = new Set<{ user: string; res: ServerResponse }>();
  /** Each person's modal stack (view ids, the top last) and Home view. */
  readonly #modals = new Map<string, string[]>();
  readonly #homes = new Map<string, string>();
  /** Stops following the fake's changes (on close). */
  readonly #unfollow: () => void;
  #url = '';

  constructor(options: WebClientOptions) {
    this.#options = options;
    this.#workspaces = [
      {
        ...(options.teamId ? { id: options.teamId } : {}),
        name: options.workspaceName ?? `${options.appName ?? 'dubkit'} (local Slack)`,
        users: options.users,
        channels: options.channels,
      },
      ...(options.workspaces ?? []),
    ];
    for (const workspace of this.#workspaces)
      for (const channel of workspace.channels) options.slack.setMembers(channel.id, channel.members);
    this.#server = createServer((req, res) => {
      this.#handle(req, res).catch((error: unknown) => {
        // A wrong request is told what is wrong; a failure of this server says no more than that (its
        // message may hold paths) and is printed where it runs.
        const wrong = error instanceof BadRequest || error instanceof SyntaxError;
        if (!wrong) console.error('the local Slack failed:', error);
        if (!res.headersSent)
          res.writeHead(wrong ? 400 : 500, { 'content-type': 'application/json; charset=utf-8' });
        res.end(
          JSON.stringify({ error: wrong ? error.message : 'the local Slack failed; its terminal says why' }),
        );
      });
    });
    const { slack } = options;
    const onMessage = (m: SlackMessage) =>
      this.#toViewers(m.channel, { kind: 'message', message: clientMessage(m) });
    const onEphemeral = (e: Ephemeral) => this.#send(e.user, this.#ephemeral(e));
    const onView = (change: ViewChange) => this.#viewChanged(change);
    const onStep = (execution: StepExecution) => this.#toAll({ kind: 'run', run: clientRun(execution) });
    // An install gone through: its workspace loses its "Add to Slack" on every page.
    const onInstalled = () => this.#toAll({ kind: 'workspaces', workspaces: this.#clientWorkspaces() });
    slack.on('message', onMessage);
    slack.on('installed', onInstalled);
    slack.on('update', onMessage);
    slack.on('ephemeral', onEphemeral);
    slack.on('view', onView);
    slack.on('step', onStep);
    this.#unfollow = () => {
      slack.off('message', onMessage);
      slack.off('update', onMessage);
      slack.off('ephemeral', onEphemeral);
      slack.off('view', onView);
      slack.off('step', onStep);
      slack.off('installed', onInstalled);
    };
  }

  async start(): Promise<this> {
    const port = this.#options.port ?? 0;
    await new Promise<void>((resolve) => this.#server.listen(port, '127.0.0.1', resolve));
    this.#url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
    return this;
  }

  get url(): string {
    return this.#url;
  }

  async close(): Promise<void> {
    this.#unfollow();
    for (const page of this.#pages) page.res.end();
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  /** The person's modal stack, top last (for tests). */
  modalsOf(user: string): string[] {
    return [...(this.#modals.get(user) ?? [])];
  }

  #viewChanged(change: ViewChange): void {
    const user = change.user;
    if (!user) return;
    if (change.method === 'views.publish') this.#homes.set(user, change.id);
    else if (change.method === 'views.open') this.#modals.set(user, [change.id]);
    else if (change.method === 'views.push') this.#modals.set(user, [...this.modalsOf(user), change.id]);
    this.#sendViews(user);
  }

  #sendViews(user: string): void {
    this.#send(user, { kind: 'views', ...this.#viewsOf(user) });
  }

  #viewsOf(user: string): { modals: ClientView[]; home: ClientView | null } {
    const find = (id: string) => this.#options.slack.views.find((v) => v.id === id);
    const modals = this.modalsOf(user).flatMap((id) => {
      const v = find(id);
      return v ? [{ id, view: v.view }] : [];
    });
    const homeId = this.#homes.get(user);
    const home = homeId ? find(homeId) : undefined;
    return { modals, home: home ? { id: home.id, view: home.view } : null };
  }

  #ephemeral(e: Ephemeral): ServerEvent {
    return { kind: 'ephemeral', ephemeral: clientEphemeral(e, this.#options.slack.ephemerals.indexOf(e)) };
  }

  #send(user: string, event: ServerEvent): void {
    const data = `data: ${JSON.stringify(event)}\n\n`;
    for (const page of this.#pages) if (page.user === user) page.res.write(data);
  }

  /** To every open page (a workflow's runs are the workspace's). */
  #toAll(event: ServerEvent): void {
    const data = `data: ${JSON.stringify(event)}\n\n`;
    for (const page of this.#pages) page.res.write(data);
  }

  /** To the pages of everyone who can see the channel (a private one: its members only). */
  #toViewers(channel: string, event: ServerEvent): void {
    const data = `data: ${JSON.stringify(event)}\n\n`;
    for (const page of this.#pages) if (this.#sees(channel, page.user)) page.res.write(data);
  }

  /**
   * A workspace's channels, and each of its people's direct message with the app (where the app's DMs to
   * them, such as a review assigned to them, show), private to them.
   */
  #channels(workspace: Workspace): ChannelInfo[] {
    const dms = workspace.users.map((u) => ({
      id: this.#options.slack.imOf(u.id),
      name: `${this.#options.appName ?? 'dubkit'} (direct message)`,
      private: true,
      members: [u.id],
    }));
    return [...workspace.channels, ...dms];
  }

  #sees(channel: string, user: string): boolean {
    const workspace = this.#workspaces.find((w) => w.users.some((u) => u.id === user));
    const info = workspace && this.#channels(workspace).find((c) => c.id === channel);
    return info !== undefined && (!info.private || info.members.includes(user));
  }

  #user(value: unknown): string {
    const user = String(value ?? '');
    this.#workspaceOf(user);
    return user;
  }

  /** The workspace a person is in. */
  #workspaceOf(user: string): Workspace {
    const workspace = this.#workspaces.find((w) => w.users.some((u) => u.id === user));
    if (!workspace) throw new BadRequest(`no person ${user} in this workspace`);
    return workspace;
  }

  /** Slack's side for the people of a workspace: its payloads carry its team (and org). */
  #driverOf(workspace: Workspace): SlackDriver {
    const driver = this.#options.driver();
    return workspace.id === undefined ? driver : driver.in(workspace.id);
  }

  /** The workspaces for the switcher, each with "Add to Slack" while the app is not installed in it. */
  #clientWorkspaces(): ClientWorkspace[] {
    const { installations } = this.#options.slack.installs;
    return this.#workspaces.map((w) => {
      const installation = w.id === undefined ? undefined : installations.get(w.id);
      const installed = installation !== undefined && !installation.revoked;
      const installUrl = typeof w.installUrl === 'function' ? w.installUrl() : w.installUrl;
      return {
        id: w.id ?? '',
        name: w.name,
        firstUser: w.users[0]?.id ?? '',
        ...(installUrl && !installed ? { installUrl } : {}),
      };
    });
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.#url);
    if (req.method === 'GET') {
      if (url.pathname === '/') return page(res, this.#options.appName ?? 'dubkit');
      if (url.pathname === '/web/client/style.css')
        return send(res, 'text/css', await readFile(new URL('style.css', CLIENT_SRC)));
      if (SCRIPT.test(url.pathname))
        return send(res, 'text/javascript', await readFile(new URL(url.pathname.slice(1), DIST)));
      if (url.pathname === '/fonts/emoji.css')
        return send(res, 'text/css', Buffer.from(emojiCss(await readFile(new URL(EMOJI_CSS), 'utf8'))));
      const font = EMOJI_FONT.exec(url.pathname);
      if (font) return send(res, 'font/woff', await readFile(new URL(`files/${font[1]}`, EMOJI_CSS)));
      if (url.pathname === '/events') return this.#follow(req, res, this.#user(url.searchParams.get('user')));
      const file = /^\/files\/(F[A-Z0-9]+)\//.exec(url.pathname);
      if (file) return this.#download(res, file[1] ?? '');
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    if (req.method !== 'POST') {
      res.writeHead(405, { 'content-type': 'text/plain' }).end('method not allowed');
      return;
    }
    if (url.pathname === '/api/upload') return json(res, await this.#upload(req, url));
    const body = JSON.parse((await readBody(req, 1024 * 1024)).toString('utf8') || '{}') as Record<
      string,
      unknown
    >;
    json(res, await this.#act(url.pathname, this.#user(body.user), body));
  }

  async #act(path: string, user: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const { slack } = this.#options;
    // The app now running (a restarted one too), asked for once the request is known to be right, playing
    // Slack for the person's workspace.
    const driver = () => this.#driverOf(this.#workspaceOf(user));
    const channel = String(body.channel ?? '');
    switch (path) {
      case '/api/post': {
        this.#memberOf(channel, user);
        const files = ((body.files as string[] | undefined) ?? []).map((id) => {
          const file = slack.files.get(id);
          if (!file) throw new BadRequest(`no uploaded file ${id}`);
          return file;
        });
        const message = slack.postUserMessage({
          channel,
          user,
          text: String(body.text ?? ''),
          ...(files.length > 0 ? { files } : {}),
          ...(body.thread_ts ? { thread_ts: String(body.thread_ts) } : {}),
        });
        return this.#answered(user, await driver().userMessage(message));
      }
      case '/api/command': {
        this.#memberOf(channel, user);
        const [command = '', ...rest] = String(body.text ?? '')
          .trim()
          .split(/\s+/);
        if (!(this.#options.commands ?? []).includes(command))
          throw new BadRequest(
            `${command} is not a valid command. In Slack, messages starting with “/” are commands.`,
          );
        const response = await driver().command({ command, text: rest.join(' '), channel, user });
        // Slack shows a command's direct answer to the person who typed it, and only to them.
        const direct = parseAnswer(response.body);
        if (response.status === 200 && (direct.text || direct.blocks))
          slack.whisper({
            channel,
            user,
            text: String(direct.text ?? ''),
            via: 'command_response',
            ...(Array.isArray(direct.blocks) ? { blocks: direct.blocks } : {}),
          });
        return this.#answered(user, [response]);
      }
      case '/api/act': {
        const surface = body.surface as {
          kind: string;
          channel?: string;
          ts?: string;
          id?: string;
          index?: number;
        };
        const action = body.action as Record<string, unknown>;
        const values = (body.values ?? {}) as Record<string, Record<string, unknown>>;
        if (surface.kind === 'view')
          return this.#answered(user, [
            await driver().act({ user, viewId: String(surface.id), action, values }),
          ]);
        if (surface.kind === 'ephemeral') {
          const e = slack.ephemerals[Number(surface.index)];
          if (!e || e.user !== user) throw new BadRequest('that message is not shown to you');
          const ephemeral = {
            channel: e.channel,
            ts: `ephemeral.${surface.index}`,
            text: e.text,
            ...(e.blocks ? { blocks: e.blocks } : {}),
          };
          return this.#answered(user, [await driver().act({ user, ephemeral, action, values })]);
        }
        const message = slack.message(String(surface.channel), String(surface.ts));
        if (!message) throw new BadRequest('that message is gone');
        this.#canSee(message.channel, user);
        return this.#answered(user, [await driver().act({ user, message, action, values })]);
      }
      case '/api/shortcut': {
        const message = slack.message(channel, String(body.ts));
        if (!message) throw new BadRequest('that message is gone');
        this.#canSee(channel, user);
        const callbackId = String(body.callback_id);
        return this.#answered(user, [await driver().messageShortcut({ message, user, callbackId })]);
      }
      case '/api/submit': {
        const viewId = String(body.viewId);
        const values = (body.values ?? {}) as Record<string, Record<string, unknown>>;
        const response = await driver().submitView({ viewId, user, values });
        const answer = parseAnswer(response.body);
        const stack = this.modalsOf(user);
        if (response.status === 200 && answer.response_action === 'errors')
          this.#send(user, {
            kind: 'view-errors',
            viewId,
            errors: (answer.errors ?? {}) as Record<string, string>,
          });
        else if (
          response.status === 200 &&
          (answer.response_action === 'update' || answer.response_action === 'push')
        )
          slack.applyViewResponse(viewId, answer, user);
        else if (response.status === 200) {
          this.#modals.set(
            user,
            answer.response_action === 'clear' ? [] : stack.filter((id) => id !== viewId),
          );
          this.#sendViews(user);
        }
        return this.#answered(user, [response]);
      }
      case '/api/close': {
        const viewId = String(body.viewId);
        // The × closes the whole stack, Cancel (or ‹) the view on top.
        this.#modals.set(user, body.all ? [] : this.modalsOf(user).filter((id) => id !== viewId));
        this.#sendViews(user);
        return { ok: true };
      }
      case '/api/workflow': {
        // Workflow Builder runs the step with what the form filled in; the step is running until the app ends it.
        const step = (this.#options.steps ?? []).find((s) => s.callback_id === body.callback_id);
        if (!step) throw new BadRequest(`no workflow step ${String(body.callback_id)}`);
        const given = (body.inputs ?? {}) as Record<string, unknown>;
        const inputs = Object.fromEntries(
          step.inputs.flatMap((input) =>
            given[input.name] === undefined ? [] : [[input.name, given[input.name]]],
          ),
        );
        const missing = step.inputs.find((input) => input.required && isEmpty(inputs[input.name]));
        if (missing) throw new BadRequest(`“${missing.title}” is required`);
        const execution = slack.workflows.run(step.callback_id, inputs);
        return this.#answered(user, [await driver().event(functionExecutedEvent(execution, slack.appId))]);
      }
      case '/api/home': {
        const response = await driver().event({
          type: 'app_home_opened',
          user,
          channel: `D${user.slice(1)}`,
          tab: 'home',
        });
        return this.#answered(user, [response]);
      }
      default:
        throw new BadRequest(`no action ${path}`);
    }
  }

  /** Tells the person when the app failed to answer, as Slack does ("dubkit didn't respond"). */
  #answered(user: string, responses: DriverResponse[]): Record<string, unknown> {
    const failed = responses.find((r) => r.status !== 200);
    if (failed) {
      const text = `${this.#options.appName ?? 'The app'} didn’t respond (HTTP ${failed.status}). Try again.`;
      this.#send(user, { kind: 'notice', text });
    }
    return { ok: !failed };
  }

  /** A person may post only where they are a member. */
  #memberOf(channel: string, user: string): void {
    const info = this.#channels(this.#workspaceOf(user)).find((c) => c.id === channel);
    if (!info) throw new BadRequest(`no channel ${channel}`);
    if (!info.members.includes(user))
      throw new BadRequest(`you are not a member of #${info.name}: join it to post`);
  }

  /** A person sees every public channel and the private ones they are in. */
  #canSee(channel: string, user: string): void {
    if (!this.#sees(channel, user)) throw new BadRequest('that channel is private');
  }

  #follow(req: IncomingMessage, res: ServerResponse, user: string): void {
    const { slack } = this.#options;
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-store',
      connection: 'keep-alive',
    });
    const workspace = this.#workspaceOf(user);
    const channels = this.#channels(workspace);
    const visible = new Set(channels.filter((c) => this.#sees(c.id, user)).map((c) => c.id));
    const snapshot: ServerEvent = {
      kind: 'snapshot',
      me: user,
      workspace: workspace.id ?? '',
      workspaces: this.#clientWorkspaces(),
      botUserId: this.#driverOf(workspace).botUserId,
      appName: this.#options.appName ?? 'dubkit',
      users: workspace.users,
      channels: channels.filter((c) => visible.has(c.id)),
      shortcuts: this.#options.shortcuts ?? [],
      commands: this.#options.commands ?? [],
      steps: this.#options.steps ?? [],
      runs: [...slack.workflows.executions.values()].map(clientRun),
      messages: slack.messages.filter((m) => visible.has(m.channel)).map(clientMessage),
      ephemerals: slack.ephemerals.flatMap((e, i) => (e.user === user ? [clientEphemeral(e, i)] : [])),
      ...this.#viewsOf(user),
    };
    res.write(`data: ${JSON.stringify(snapshot)}\n\n`);
    const entry = { user, res };
    this.#pages.add(entry);
    req.on('close', () => this.#pages.delete(entry));
  }

  async #upload(req: IncomingMessage, url: URL): Promise<{ id: string }> {
    this.#user(url.searchParams.get('user'));
    const name = (url.searchParams.get('name') ?? '').trim();
    if (!name) throw new BadRequest('a file needs a name');
    const content = await readBody(req, MAX_UPLOAD_BYTES);
    const mimetype = url.searchParams.get('type') || 'application/octet-stream';
    return { id: this.#options.slack.addFile({ name, mimetype, content }).id };
  }

  #download(res: ServerResponse, id: string): void {
    const file = this.#options.slack.files.get(id);
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('file not found');
      return;
    }
    res.writeHead(200, {
      'content-type': 'application/octet-stream',
      'content-disposition': `attachment; filename="${file.name.replace(/[^\w.\- ]/g, '_')}"`,
      'content-length': String(file.size),
    });
    res.end(file.content);
  }
}

class BadRequest extends Error {}

/**
 * The emoji font's CSS as the page needs it: its WOFF files only (the headless Chromium of the browser
 * tests draws the WOFF2 ones as blanks), and without the ASCII the font also covers (#, * and digits, the
 * bases of keycap emoji), which a machine without the page's text fonts would otherwise draw from it, as
 * nothing.
 */
function emojiCss(css: string): string {
  return css
    .replace(/src: url\([^)]+\.woff2\) format\('woff2'\), /g, 'src: ')
    .replace(/unicode-range:([^;]+);/g, (_whole, ranges: string) => {
      const kept = ranges.split(',').filter((range) => Number.parseInt(range.trim().slice(2), 16) >= 0x80);
      return `unicode-range:${kept.join(',')};`;
    });
}

function clientFile(file: SlackFile): ClientFile {
  return {
    id: file.id,
    name: file.name,
    title: file.title,
    mimetype: file.mimetype,
    size: file.size,
    url: `/files/${file.id}/${encodeURIComponent(file.name)}`,
  };
}

function clientMessage(m: SlackMessage): ClientMessage {
  return {
    channel: m.channel,
    ts: m.ts,
    user: m.user,
    bot: Boolean(m.bot_id),
    text: m.text,
    edited: m.history.length > 0,
    ...(m.thread_ts ? { thread_ts: m.thread_ts } : {}),
    ...(m.blocks ? { blocks: m.blocks } : {}),
    ...(m.files ? { files: m.files.map(clientFile) } : {}),
  };
}

function clientEphemeral(e: Ephemeral, index: number): ClientEphemeral {
  return {
    index,
    channel: e.channel,
    text: e.text,
    ...(e.thread_ts ? { thread_ts: e.thread_ts } : {}),
    ...(e.blocks ? { blocks: e.blocks } : {}),
  };
}

function clientRun(e: StepExecution): ClientRun {
  return {
    id: e.id,
    callbackId: e.callbackId,
    state: e.state,
    inputs: e.inputs,
    ...(e.outputs ? { outputs: e.outputs } : {}),
    ...(e.error !== undefined ? { error: e.error } : {}),
  };
}

/** A form field left empty: nothing, blank text, or an empty list. */
function isEmpty(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

/** An app's answer to a command or submission: JSON, plain text, or nothing. */
function parseAnswer(body: string): Record<string, unknown> {
  if (body.trim() === '') return {};
  try {
    const parsed = JSON.parse(body) as unknown;
    return parsed && typeof parsed === 'object'
      ? (parsed as Record<string, unknown>)
      : { text: String(parsed) };
  } catch {
    return { text: body };
  }
}

function page(res: ServerResponse, appName: string): void {
  const title = appName.replace(/[^\w .-]/g, '');
  res.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': CSP,
    'x-content-type-options': 'nosniff',
  });
  res.end(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Slack (local) · ${title}</title>
<link rel="stylesheet" href="/fonts/emoji.css">
<link rel="stylesheet" href="/web/client/style.css">
<script type="module" src="/web/client/main.js"></script>
</head>
<body><div id="app">Loading…</div></body>
</html>
`);
}

function send(res: ServerResponse, type: string, body: Buffer): void {
  res.writeHead(200, {
    'content-type': type.startsWith('font/') ? type : `${type}; charset=utf-8`,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  res.end(body);
}

function json(res: ServerResponse, body: unknown): void {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).byteLength;
    if (size > limit) throw new BadRequest(`the upload is larger than ${limit} bytes`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

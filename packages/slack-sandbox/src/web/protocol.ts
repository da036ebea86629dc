// What the web client's server and its page say to each other: the events pushed to the page (server-sent
// events, one JSON object each) and the shapes inside them. Types only, shared by both sides.

export interface UserInfo {
  id: string;
  name: string;
}

export interface ChannelInfo {
  id: string;
  name: string;
  private?: boolean;
  members: string[];
}

export interface Shortcut {
  callback_id: string;
  name: string;
}

/** One input of an app's Workflow Builder step, as its manifest declares it, drawn as a field of the run form. */
export interface StepInput {
  name: string;
  title: string;
  /** text: a string · list: an array of strings (typed comma-separated) · channel · people · yes/no. */
  kind: 'text' | 'list' | 'channel' | 'people' | 'boolean';
  required: boolean;
  hint?: string;
}

/** An app's custom step that a workflow can run ("Run workflow" in the sidebar). */
export interface WorkflowStep {
  callback_id: string;
  title: string;
  inputs: StepInput[];
}

/** A run of a step: running until the app completes or fails it. */
export interface ClientRun {
  id: string;
  callbackId: string;
  state: 'running' | 'completed' | 'failed';
  inputs: Record<string, unknown>;
  outputs?: Record<string, unknown>;
  error?: string;
}

export interface ClientFile {
  id: string;
  name: string;
  title: string;
  mimetype: string;
  size: number;
  /** Where the page downloads it (the person is signed in; the app uses url_private_download). */
  url: string;
}

export interface ClientMessage {
  channel: string;
  ts: string;
  thread_ts?: string;
  user: string;
  bot: boolean;
  text: string;
  blocks?: unknown[];
  files?: ClientFile[];
  edited: boolean;
}

export interface ClientEphemeral {
  /** Its place in the fake's list: how a click on it is sent back. */
  index: number;
  channel: string;
  thread_ts?: string;
  text: string;
  blocks?: unknown[];
}

export interface ClientView {
  id: string;
  view: Record<string, unknown>;
}

/** A workspace of the local Slack, as the page's workspace switcher lists it. */
export interface ClientWorkspace {
  /** Its team id ('' for the fake's default workspace). */
  id: string;
  name: string;
  /** Who the page acts as once switched to it. */
  firstUser: string;
  /** The app's install page, while the app is not installed in it ("Add to Slack"). */
  installUrl?: string;
}

/** What a page is sent first: the person, the workspace as they see it, and everything shown to them. */
export interface Snapshot {
  kind: 'snapshot';
  me: string;
  /** The person's workspace (an id of `workspaces`), and every workspace of the local Slack. */
  workspace: string;
  workspaces: ClientWorkspace[];
  botUserId: string;
  appName: string;
  users: UserInfo[];
  channels: ChannelInfo[];
  shortcuts: Shortcut[];
  commands: string[];
  steps: WorkflowStep[];
  runs: ClientRun[];
  messages: ClientMessage[];
  ephemerals: ClientEphemeral[];
  modals: ClientView[];
  home: ClientView | null;
}

export type ServerEvent =
  | Snapshot
  | { kind: 'message'; message: ClientMessage }
  | { kind: 'ephemeral'; ephemeral: ClientEphemeral }
  | { kind: 'views'; modals: ClientView[]; home: ClientView | null }
  | { kind: 'view-errors'; viewId: string; errors: Record<string, string> }
  | { kind: 'notice'; text: string }
  | { kind: 'run'; run: ClientRun }
  | { kind: 'workspaces'; workspaces: ClientWorkspace[] };

// The manifest's bot scopes are exactly what the code needs: every Web API method the app calls (found by
// scanning the source, so a new call cannot slip in unlisted), every event it subscribes to and every
// feature it declares needs its scopes in manifest.yaml, and no scope is there that nothing needs. A
// missing scope shows up in Slack as `missing_scope` on the first call of its kind, in production only.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { destinationGroups, languageName } from './domain/languages.ts';
import type { DubVideoOutputs } from './features/workflow/outcome.ts';
import { BOT_SCOPES } from './install/scopes.ts';

const APP = join(import.meta.dirname, '..');
const SRC = join(APP, 'src');

/**
 * Bot scopes each Web API method needs, from Slack's method reference (docs.slack.dev/reference/methods).
 * The conversation methods need one scope per kind of conversation; the app works in all four (public and
 * private channels, DMs, group DMs), so it needs all of them.
 */
const METHOD_SCOPES: Record<string, string[]> = {
  'auth.test': [],
  // Called with the app-level token (connections:write, set on the token, not in the manifest).
  'apps.connections.open': [],
  'chat.postMessage': ['chat:write'],
  'chat.update': ['chat:write'],
  'chat.postEphemeral': ['chat:write'],
  'conversations.info': ['channels:read', 'groups:read', 'im:read', 'mpim:read'],
  'conversations.history': ['channels:history', 'groups:history', 'im:history', 'mpim:history'],
  'conversations.replies': ['channels:history', 'groups:history', 'im:history', 'mpim:history'],
  'files.getUploadURLExternal': ['files:write'],
  'files.completeUploadExternal': ['files:write'],
  // A file a payload names, looked up by id: where Slack says it is shared, and its URL.
  'files.info': ['files:read'],
  // Who is assigned a review: a person, not a bot or a deactivated account.
  'users.info': ['users:read'],
  // The app opens only direct messages with one person (the assignee's).
  'conversations.open': ['im:write'],
  'chat.getPermalink': [],
  // A channel's approvers may be a user group: the settings dialog lists them, a click asks who is in one.
  'usergroups.list': ['usergroups:read'],
  'usergroups.users.list': ['usergroups:read'],
  'views.open': [],
  'views.update': [],
  'views.publish': [],
  'views.push': [],
  // A Workflow Builder step's run is ended with the token Slack minted for it: no bot scope.
  'functions.completeSuccess': [],
  'functions.completeError': [],
};

/** The methods `filesUploadV2` calls on the app's behalf (the external upload flow). */
const UPLOAD_V2 = ['files.getUploadURLExternal', 'files.completeUploadExternal'];

/** Bot scopes each subscribed event needs (docs.slack.dev/reference/events). */
const EVENT_SCOPES: Record<string, string[]> = {
  app_home_opened: [],
  app_mention: ['app_mentions:read'],
  // Sent to every app without a scope: the app lost an installation or its tokens.
  app_uninstalled: [],
  tokens_revoked: [],
  channel_left: ['channels:read'],
  group_left: ['groups:read'],
  member_joined_channel: ['channels:read', 'groups:read'],
  member_left_channel: ['channels:read', 'groups:read'],
  'message.channels': ['channels:history'],
  'message.groups': ['groups:history'],
  'message.im': ['im:history'],
  'message.mpim': ['mpim:history'],
};

const METHOD_GROUPS = [
  'apps',
  'auth',
  'bots',
  'chat',
  'conversations',
  'files',
  'functions',
  'reactions',
  'team',
  'usergroups',
  'users',
  'views',
];
// `slack.chat.postMessage(` or `client.conversations.info(`: the app names its Web API clients so.
const CALL = new RegExp(
  `\\b(?:slack|client)\\.(${METHOD_GROUPS.join('|')})\\.([a-zA-Z]+(?:\\.[a-zA-Z]+)?)\\(`,
  'g',
);

/** The app's production source: no tests, no test support (they call the fake Slack, not Slack). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test-support' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') &&
      !entry.name.endsWith('.test.ts') &&
      !entry.name.endsWith('.contract.ts')
      ? [path]
      : [];
  });
}

/** Every Web API method the source calls, with the files that call it. */
export function calledMethods(files: string[]): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const add = (method: string, file: string) => found.set(method, [...(found.get(method) ?? []), file]);
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const name = relative(APP, file);
    for (const match of text.matchAll(CALL)) add(`${match[1]}.${match[2]}`, name);
    if (/\b(?:slack|client)\.filesUploadV2\(/.test(text)) for (const method of UPLOAD_V2) add(method, name);
  }
  return found;
}

/** The few parts of manifest.yaml the test reads, by indentation (the file is plain block YAML). */
function readManifest(): { botScopes: string[]; botEvents: string[]; text: string } {
  const text = readFileSync(join(APP, 'manifest.yaml'), 'utf8');
  const listAfter = (path: string[]): string[] => {
    const lines = text.split('\n');
    let at = 0;
    let indent = -1;
    for (const key of path) {
      const index = lines.findIndex(
        (line, i) => i >= at && line.trim() === `${key}:` && line.search(/\S/) > indent,
      );
      if (index < 0) throw new Error(`manifest.yaml has no ${path.join('.')}`);
      indent = lines[index]!.search(/\S/);
      at = index + 1;
    }
    const items: string[] = [];
    for (const line of lines.slice(at)) {
      if (line.trim() === '' || line.trim().startsWith('#')) continue;
      if (line.search(/\S/) <= indent && !line.trim().startsWith('- ')) break;
      const item = /^\s*-\s+(\S+)/.exec(line);
      if (!item) break;
      items.push(item[1]!.replace(/^["']|["']$/g, ''));
    }
    return items;
  };
  return {
    botScopes: listAfter(['oauth_config', 'scopes', 'bot']),
    botEvents: listAfter(['settings', 'event_subscriptions', 'bot_events']),
    text,
  };
}

/** What needs each scope: methods, events and features, e.g. "chat:write" → ["chat.postMessage", …]. */
function neededScopes(methods: Iterable<string>, events: string[], text: string): Map<string, string[]> {
  const needs = new Map<string, string[]>();
  const need = (scope: string, by: string) => needs.set(scope, [...(needs.get(scope) ?? []), by]);
  for (const method of methods) for (const scope of METHOD_SCOPES[method] ?? []) need(scope, method);
  for (const event of events) for (const scope of EVENT_SCOPES[event] ?? []) need(scope, `event ${event}`);
  // Slash commands and shortcuts are delivered to apps with the commands scope.
  if (/^\s{2}slash_commands:/m.test(text)) need('commands', 'slash command /dub');
  if (/^\s{2}shortcuts:/m.test(text)) need('commands', 'message shortcut');
  // Shared files are read from url_private_download with the bot token (no Web API method).
  const downloads = sourceFiles(SRC).some((file) =>
    readFileSync(file, 'utf8').includes('url_private_download'),
  );
  if (downloads) need('files:read', 'downloading shared files (url_private_download)');
  return needs;
}

describe('manifest.yaml scopes', () => {
  const methods = calledMethods(sourceFiles(SRC));
  const manifest = readManifest();

  it('finds the Web API calls the app is known to make', () => {
    // Guards the scan itself: if it stopped finding calls, the checks below would pass on nothing.
    for (const method of [
      'chat.postMessage',
      'chat.update',
      'chat.postEphemeral',
      'conversations.info',
      'conversations.replies',
      'conversations.history',
      'views.open',
      'views.publish',
      'auth.test',
      ...UPLOAD_V2,
    ]) {
      expect(methods.has(method), method).toBe(true);
    }
  });

  it('knows the scopes of every method the source calls', () => {
    const unknown = [...methods].filter(([method]) => !(method in METHOD_SCOPES));
    expect(
      unknown.map(([method, files]) => `${method} (in ${files.join(', ')}): add it to METHOD_SCOPES`),
    ).toEqual([]);
  });

  it('knows the scopes of every event the manifest subscribes to', () => {
    expect(manifest.botEvents.filter((event) => !(event in EVENT_SCOPES))).toEqual([]);
  });

  it('declares every scope the code needs', () => {
    const needed = neededScopes(methods.keys(), manifest.botEvents, manifest.text);
    const missing = [...needed].filter(([scope]) => !manifest.botScopes.includes(scope));
    expect(missing.map(([scope, by]) => `${scope}, needed by ${by.join(', ')}`)).toEqual([]);
  });

  it('declares no scope that nothing needs', () => {
    const needed = neededScopes(methods.keys(), manifest.botEvents, manifest.text);
    expect(manifest.botScopes.filter((scope) => !needed.has(scope))).toEqual([]);
  });

  it('asks an install from the link for exactly the manifest’s scopes', () => {
    expect([...BOT_SCOPES].sort()).toEqual([...manifest.botScopes].sort());
  });

  it('subscribes to the uninstall notices and names the install redirect', () => {
    expect(manifest.botEvents).toEqual(expect.arrayContaining(['app_uninstalled', 'tokens_revoked']));
    expect(manifest.text).toMatch(/redirect_urls:\n\s+- https:\/\/\S+\/slack\/oauth_redirect/);
  });

  it('lists each scope once', () => {
    expect(new Set(manifest.botScopes).size).toBe(manifest.botScopes.length);
  });
});

/** The step's inputs readStepInputs reads, and its outputs (the type keeps this list whole). */
const STEP_INPUTS = ['video', 'languages', 'channel', 'approvers', 'wait_for_approval'];
const STEP_OUTPUTS = Object.keys({
  dubbed_videos: true,
  subtitle_files: true,
  approved_by: true,
  thread: true,
} satisfies Record<keyof DubVideoOutputs, true>);

/** A manifest's text without its comments. */
const withoutComments = (text: string) =>
  text
    .split('\n')
    .filter((line) => !line.trim().startsWith('#'))
    .join('\n');

/** The names of a parameter block's entries (`input_parameters:` → its keys, six spaces in). */
function parameterNames(text: string, block: string): string[] {
  const lines = text.split('\n');
  const start = lines.indexOf(`    ${block}:`);
  const names: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line.search(/\S/) <= 4) break;
    const name = /^ {6}(\w+):$/.exec(line);
    if (name) names.push(name[1]!);
  }
  return names;
}

describe('manifest.org.yaml, for organization deployments with the Workflow Builder step', () => {
  const org = withoutComments(readFileSync(join(APP, 'manifest.org.yaml'), 'utf8'));
  const plain = withoutComments(readFileSync(join(APP, 'manifest.yaml'), 'utf8'));

  it('is manifest.yaml with the step’s `functions` and opted in to org deployment', () => {
    const functions = /\nfunctions:\n(?: .*\n)+/.exec(org)?.[0] ?? '';
    expect(functions).toContain('\n  dub_video:\n');
    const rest = org
      .replace(functions, '\n')
      .replace('  org_deploy_enabled: true\n  function_runtime: remote', '  org_deploy_enabled: false');
    expect(rest).toBe(plain);
  });

  it('offers as Languages the service’s languages, as the job card’s picker does, by their names', () => {
    const codes = destinationGroups().flatMap((group) => group.codes);
    const choices = [...org.matchAll(/^ {12}- \{ value: "([^"]+)", title: "([^"]+)" \}$/gm)].map((m) => [
      m[1],
      m[2],
    ]);
    expect(choices).toEqual(codes.map((code) => [code, languageName(code)]));
    const listed = /^ {10}enum: \[\n((?: {12}.*\n)+) {10}\]$/m.exec(org)?.[1] ?? '';
    expect([...listed.matchAll(/"([^"]+)"/g)].map((m) => m[1])).toEqual(codes);
  });

  it('declares the inputs the step reads and the outputs it hands on', () => {
    expect(parameterNames(org, 'input_parameters')).toEqual(STEP_INPUTS);
    expect(parameterNames(org, 'output_parameters')).toEqual(STEP_OUTPUTS);
  });
});

// The web client's page: a workspace with a sidebar (which workspace, who you are, the channels you can see,
// the app's Home, "Add to Slack" where the app is not installed yet), a channel with its messages and composer, a thread beside it, ephemerals for you only, and the
// app's modals as a stack. Everything it shows arrives as server-sent events (web-client.ts) and is drawn
// with text nodes only; every message and view is checked against Slack's limits and a breach is shown.
import { messageProblems, viewProblems } from '../../block-limits.ts';
import type {
  ChannelInfo,
  ClientEphemeral,
  ClientMessage,
  ClientView,
  ServerEvent,
  Snapshot,
} from '../protocol.ts';
import { renderBlocks, type Surface, text, type Values } from './blocks.ts';
import { h, safeUrl } from './dom.ts';
import { mrkdwn, type Names } from './mrkdwn.ts';
import { runForm, runsView } from './workflows.ts';

/** The snapshot as the page keeps it: messages by channel and ts, and the app's errors for each open view. */
interface State extends Omit<Snapshot, 'kind' | 'messages'> {
  messages: Map<string, ClientMessage>;
  viewErrors: Map<string, Record<string, string>>;
}

const params = new URLSearchParams(location.hash.slice(1));
let state: State | undefined;
let place: { kind: 'channel'; id: string } | { kind: 'home' } | { kind: 'workflows' } = {
  kind: 'channel',
  id: params.get('channel') ?? '',
};
let threadTs: string | null = null;
let events: EventSource | undefined;
/** Each surface's input state, kept while its blocks stay the same (a new version starts from its initial values). */
const surfaceValues = new Map<string, { version: string; values: Values }>();

const names: Names = {
  user: (id) =>
    id === state?.botUserId ? (state?.appName ?? id) : (state?.users.find((u) => u.id === id)?.name ?? id),
  channel: (id) => state?.channels.find((c) => c.id === id)?.name ?? id,
};
const keyOf = (m: { channel: string; ts: string }) => `${m.channel}/${m.ts}`;

// The page's fixed parts; the lists inside are drawn again as events arrive.
const sidebar = h('aside', { class: 'sidebar' });
const channelHeader = h('header', { class: 'pane-header' });
const channelList = h('div', { class: 'messages', 'data-pane': 'channel' });
const threadPane = h('section', { class: 'thread-pane', hidden: true });
const threadList = h('div', { class: 'messages', 'data-pane': 'thread' });
const modalLayer = h('div', { class: 'modal-layer' });
const notices = h('div', { class: 'notices', 'aria-live': 'polite' });
/** The "Run workflow" form, above everything while open. */
const workflowLayer = h('div', { class: 'workflow-layer' });
const channelComposer = composer(
  () => (place.kind === 'channel' ? place.id : ''),
  () => undefined,
);
const threadComposer = composer(
  () => (place.kind === 'channel' ? place.id : ''),
  () => threadTs ?? undefined,
);
const channelPane = h('main', { class: 'channel-pane' }, channelHeader, channelList, channelComposer);
threadPane.append(
  h(
    'header',
    { class: 'pane-header' },
    h('b', {}, 'Thread'),
    h(
      'button',
      {
        type: 'button',
        class: 'btn close-thread',
        'aria-label': 'Close thread',
        onclick: () => openThread(null),
      },
      '×',
    ),
  ),
  threadList,
  threadComposer,
);

const app = document.getElementById('app') as HTMLElement;
app.replaceChildren(
  h('div', { class: 'workspace' }, sidebar, channelPane, threadPane),
  modalLayer,
  workflowLayer,
  notices,
);
follow(params.get('user') ?? '');

/** Follows one person's view of the workspace; switching person opens a new stream. */
function follow(user: string): void {
  events?.close();
  events = new EventSource(`/events?user=${encodeURIComponent(user)}`);
  events.onmessage = (e) => receive(JSON.parse(String(e.data)) as ServerEvent);
}

function receive(event: ServerEvent): void {
  if (event.kind === 'snapshot') {
    state = {
      ...event,
      messages: new Map(event.messages.map((m) => [keyOf(m), m])),
      viewErrors: new Map(),
    };
    if (place.kind === 'channel' && !state.channels.some((c) => c.id === (place as { id: string }).id))
      place = { kind: 'channel', id: state.channels[0]?.id ?? '' };
    saveHash();
    drawAll();
    return;
  }
  if (!state) return;
  switch (event.kind) {
    case 'message':
      if (!state.channels.some((c) => c.id === event.message.channel)) return;
      state.messages.set(keyOf(event.message), event.message);
      drawMessages();
      break;
    case 'ephemeral':
      state.ephemerals.push(event.ephemeral);
      drawMessages();
      break;
    case 'views':
      state.modals = event.modals;
      state.home = event.home;
      drawModals();
      if (place.kind === 'home') drawMessages();
      break;
    case 'view-errors':
      state.viewErrors.set(event.viewId, event.errors);
      drawModals();
      break;
    case 'notice':
      notice(event.text);
      break;
    case 'workspaces':
      state.workspaces = event.workspaces;
      drawSidebar();
      break;
    case 'run': {
      const at = state.runs.findIndex((r) => r.id === event.run.id);
      if (at < 0) state.runs.push(event.run);
      else state.runs[at] = event.run;
      drawSidebar();
      if (place.kind === 'workflows') drawMessages();
      break;
    }
  }
}

function saveHash(): void {
  if (!state) return;
  const hash = new URLSearchParams({
    user: state.me,
    ...(place.kind === 'channel' ? { channel: place.id } : {}),
  });
  history.replaceState(null, '', `#${hash}`);
}

function drawAll(): void {
  drawSidebar();
  drawMessages();
  drawModals();
}

function drawSidebar(): void {
  if (!state) return;
  const s = state;
  const switcher = h('select', { class: 'user-switcher', 'aria-label': 'Act as' });
  for (const u of s.users) switcher.appendChild(h('option', { value: u.id }, u.name));
  switcher.value = s.me;
  switcher.addEventListener('change', () => {
    threadTs = null;
    follow(switcher.value);
  });
  const channels = s.channels.map((c) => {
    const active = place.kind === 'channel' && place.id === c.id;
    return h(
      'button',
      {
        type: 'button',
        class: `nav-item${active ? ' active' : ''}`,
        'data-channel': c.id,
        onclick: () => {
          place = { kind: 'channel', id: c.id };
          threadTs = null;
          saveHash();
          drawAll();
        },
      },
      `${c.private ? '🔒' : '#'} ${c.name}`,
    );
  });
  const homeActive = place.kind === 'home';
  sidebar.replaceChildren(
    ...workspaceNav(s),
    h('label', { class: 'switcher' }, 'You are ', switcher),
    h('div', { class: 'nav-title' }, 'Channels'),
    ...channels,
    h('div', { class: 'nav-title' }, 'Apps'),
    h(
      'button',
      {
        type: 'button',
        class: `nav-item${homeActive ? ' active' : ''}`,
        'data-app-home': 'true',
        onclick: () => {
          place = { kind: 'home' };
          threadTs = null;
          saveHash();
          drawAll();
          void post('/api/home', {});
        },
      },
      `🤖 ${s.appName}`,
    ),
    ...workflowNav(s),
  );
}

/**
 * The workspace's name, or a switcher when the local Slack has several (switching acts as that workspace's
 * first person), and "Add to Slack" (the app's install page, in a new tab) while the app is not in it.
 */
function workspaceNav(s: State): HTMLElement[] {
  const here = s.workspaces.find((w) => w.id === s.workspace);
  const name = here?.name ?? s.appName;
  let title: HTMLElement = h('div', { class: 'workspace-name' }, name);
  if (s.workspaces.length > 1) {
    const switcher = h('select', { class: 'workspace-switcher', 'aria-label': 'Workspace' });
    for (const w of s.workspaces) switcher.appendChild(h('option', { value: w.id }, w.name));
    switcher.value = s.workspace;
    switcher.addEventListener('change', () => {
      const chosen = s.workspaces.find((w) => w.id === switcher.value);
      if (!chosen) return;
      threadTs = null;
      place = { kind: 'channel', id: '' };
      follow(chosen.firstUser);
    });
    title = h('label', { class: 'workspace-name' }, switcher);
  }
  const install = here?.installUrl ? safeUrl(here.installUrl) : undefined;
  if (!install) return [title];
  return [
    title,
    h(
      'div',
      { class: 'install-banner' },
      `${s.appName} is not in ${name} yet. `,
      h('a', { class: 'add-to-slack', href: install, target: '_blank', rel: 'noopener' }, 'Add to Slack'),
    ),
  ];
}

/** The app's workflow steps: "Run workflow" for each, and the page of runs (only when the app has steps). */
function workflowNav(s: State): HTMLElement[] {
  if (s.steps.length === 0) return [];
  const channel = place.kind === 'channel' ? place.id : (s.channels[0]?.id ?? '');
  const open = (step: (typeof s.steps)[number]) =>
    workflowLayer.replaceChildren(
      runForm(
        step,
        { channels: s.channels.filter((c) => !c.id.startsWith('D')), users: s.users, channel },
        (inputs) => post('/api/workflow', { callback_id: step.callback_id, inputs }),
        () => workflowLayer.replaceChildren(),
      ),
    );
  return [
    h('div', { class: 'nav-title' }, 'Workflows'),
    ...s.steps.map((step) =>
      h(
        'button',
        {
          type: 'button',
          class: 'nav-item',
          'data-run-workflow': step.callback_id,
          onclick: () => open(step),
        },
        `⚡ Run workflow: ${step.title}`,
      ),
    ),
    h(
      'button',
      {
        type: 'button',
        class: `nav-item${place.kind === 'workflows' ? ' active' : ''}`,
        'data-workflow-runs': 'true',
        onclick: () => {
          place = { kind: 'workflows' };
          threadTs = null;
          saveHash();
          drawAll();
        },
      },
      `🔁 Workflow runs (${s.runs.filter((r) => r.state === 'running').length} running)`,
    ),
  ];
}

function drawMessages(): void {
  if (!state) return;
  const s = state;
  const stick = atBottom(channelList);
  const top = channelList.scrollTop;
  if (place.kind === 'home') {
    channelHeader.replaceChildren(h('b', {}, `${s.appName} · Home`));
    channelComposer.hidden = true;
    const home = s.home;
    channelList.replaceChildren(
      home
        ? viewSurface(home, 'home-view')
        : h('div', { class: 'empty' }, `${s.appName} has not published a Home tab for you yet.`),
    );
    threadPane.hidden = true;
    return;
  }
  if (place.kind === 'workflows') {
    channelHeader.replaceChildren(h('b', {}, 'Workflow runs'));
    channelComposer.hidden = true;
    channelList.replaceChildren(...runsView(s.runs, s.steps, names));
    threadPane.hidden = true;
    return;
  }
  const here = place.id;
  const channel = s.channels.find((c) => c.id === here);
  if (!channel) {
    channelHeader.replaceChildren(h('b', {}, 'No channel'));
    channelList.replaceChildren();
    return;
  }
  const member = channel.members.includes(s.me);
  const memberNames = channel.members.map((id) => names.user(id)).join(', ');
  channelHeader.replaceChildren(
    h('b', { class: 'channel-name' }, `${channel.private ? '🔒' : '#'} ${channel.name}`),
    h('span', { class: 'members', title: memberNames }, `👥 ${channel.members.length}: ${memberNames}`),
  );
  if (!member)
    channelHeader.appendChild(h('span', { class: 'preview-badge' }, 'You are not a member: previewing'));
  channelComposer.hidden = false;
  setComposer(channelComposer, member, `Message ${channel.private ? '🔒' : '#'}${channel.name}`);
  const all = [...s.messages.values()].filter((m) => m.channel === channel.id);
  const roots = all.filter((m) => !m.thread_ts || m.thread_ts === m.ts);
  const items: { ts: string; node: HTMLElement }[] = roots.map((m) => ({
    ts: m.ts,
    node: messageView(m, all.filter((r) => r.thread_ts === m.ts && r.ts !== m.ts).length),
  }));
  s.ephemerals.forEach((e) => {
    if (e.channel === channel.id && !e.thread_ts) items.push({ ts: `~${e.index}`, node: ephemeralView(e) });
  });
  channelList.replaceChildren(...items.map((i) => i.node));
  // Where the person was reading, unless they were following the newest messages.
  channelList.scrollTop = stick ? channelList.scrollHeight : top;
  drawThread(channel, member, all);
}

function drawThread(channel: ChannelInfo, member: boolean, all: ClientMessage[]): void {
  if (!state || !threadTs) {
    // Emptied too: a thread of another person's or workspace's view must not linger in the page.
    threadPane.hidden = true;
    threadList.replaceChildren();
    return;
  }
  const ts = threadTs;
  threadPane.hidden = false;
  setComposer(threadComposer, member, 'Reply…');
  const stick = atBottom(threadList);
  const top = threadList.scrollTop;
  const thread = all.filter((m) => m.ts === ts || m.thread_ts === ts);
  threadList.replaceChildren(
    ...thread.map((m) => messageView(m, null)),
    ...state.ephemerals.filter((e) => e.channel === channel.id && e.thread_ts === ts).map(ephemeralView),
  );
  threadList.scrollTop = stick ? threadList.scrollHeight : top;
}

function openThread(ts: string | null): void {
  threadTs = ts;
  drawMessages();
}

const atBottom = (el: HTMLElement) => el.scrollHeight - el.scrollTop - el.clientHeight < 40;

function valuesFor(key: string, blocks: unknown): Values {
  const version = JSON.stringify(blocks ?? []);
  const kept = surfaceValues.get(key);
  if (kept && kept.version === version) return kept.values;
  const fresh = { version, values: {} as Values };
  surfaceValues.set(key, fresh);
  return fresh.values;
}

function surface(
  key: string,
  blocks: unknown,
  send: (action: Record<string, unknown>, values: Values) => void,
  errors: Record<string, string> = {},
): Surface {
  const values = valuesFor(key, blocks);
  return {
    names,
    users: state?.users ?? [],
    channels: state?.channels ?? [],
    values,
    errors,
    act: (action) => send(action, values),
    upload: async (file) => {
      const { id } = await upload(file);
      return { id, name: file.name, mimetype: file.type, size: file.size };
    },
  };
}

function problemsBox(problems: string[], what: string): HTMLElement | null {
  if (problems.length === 0) return null;
  return h(
    'div',
    { class: 'limit-problems', role: 'alert', 'data-limit-problems': 'true' },
    h('b', {}, `Slack would refuse this ${what}: `),
    problems.join('; '),
  );
}

/** A message; `replies`: its thread's size in the channel, null inside the thread. */
function messageView(m: ClientMessage, replies: number | null): HTMLElement {
  const author = names.user(m.user);
  const key = keyOf(m);
  const content =
    m.blocks && m.blocks.length > 0
      ? renderBlocks(
          m.blocks,
          surface(
            key,
            m.blocks,
            (action, values) =>
              void post('/api/act', {
                surface: { kind: 'message', channel: m.channel, ts: m.ts },
                action,
                values,
              }),
          ),
        )
      : h('div', { class: 'message-text' }, mrkdwn(m.text, names));
  const menu = messageMenu(m);
  return h(
    'article',
    { class: `message${m.bot ? ' from-app' : ''}`, 'data-ts': m.ts, 'data-author': m.user },
    h('div', { class: 'avatar', 'aria-hidden': 'true' }, author.slice(0, 1).toUpperCase()),
    h(
      'div',
      { class: 'message-body' },
      h(
        'div',
        { class: 'message-head' },
        h('b', { class: 'author' }, author),
        m.bot ? h('span', { class: 'app-badge' }, 'APP') : null,
        h('time', {}, clock(m.ts)),
        m.edited ? h('span', { class: 'edited' }, '(edited)') : null,
        menu,
      ),
      problemsBox(messageProblems(m), 'message'),
      content,
      m.files
        ? h(
            'div',
            { class: 'files' },
            m.files.map((f) =>
              h(
                'a',
                { class: 'file', href: f.url, download: f.name },
                `📎 ${f.title || f.name}`,
                h('span', { class: 'file-size' }, ` · ${size(f.size)}`),
              ),
            ),
          )
        : null,
      replies === null
        ? null
        : h(
            'button',
            { type: 'button', class: 'replies', onclick: () => openThread(m.ts) },
            replies > 0 ? `${replies} ${replies === 1 ? 'reply' : 'replies'}` : 'Reply in thread',
          ),
    ),
  );
}

/** The ⋯ menu on a message: the app's message shortcuts. */
function messageMenu(m: ClientMessage): HTMLElement | null {
  if (!state || state.shortcuts.length === 0) return null;
  const list = h('div', { class: 'overflow-menu', hidden: true });
  for (const s of state.shortcuts) {
    list.appendChild(
      h(
        'button',
        {
          type: 'button',
          class: 'overflow-item',
          'data-shortcut': s.callback_id,
          onclick: () => {
            list.hidden = true;
            void post('/api/shortcut', { channel: m.channel, ts: m.ts, callback_id: s.callback_id });
          },
        },
        s.name,
      ),
    );
  }
  return h(
    'span',
    { class: 'overflow message-menu' },
    h(
      'button',
      {
        type: 'button',
        class: 'btn overflow-toggle',
        'aria-label': 'More actions',
        onclick: () => {
          list.hidden = !list.hidden;
        },
      },
      '⋯',
    ),
    list,
  );
}

function ephemeralView(e: ClientEphemeral): HTMLElement {
  const content =
    e.blocks && e.blocks.length > 0
      ? renderBlocks(
          e.blocks,
          surface(
            `ephemeral/${e.index}`,
            e.blocks,
            (action, values) =>
              void post('/api/act', { surface: { kind: 'ephemeral', index: e.index }, action, values }),
          ),
        )
      : h('div', { class: 'message-text' }, mrkdwn(e.text, names));
  return h(
    'article',
    { class: 'message ephemeral from-app', 'data-ephemeral': String(e.index) },
    h('div', { class: 'avatar', 'aria-hidden': 'true' }, (state?.appName ?? '?').slice(0, 1).toUpperCase()),
    h(
      'div',
      { class: 'message-body' },
      h(
        'div',
        { class: 'message-head' },
        h('b', { class: 'author' }, state?.appName ?? ''),
        h('span', { class: 'app-badge' }, 'APP'),
        h('span', { class: 'only-you' }, '👁 Only visible to you'),
      ),
      problemsBox(messageProblems(e), 'message'),
      content,
    ),
  );
}

function viewSurface(v: ClientView, className: string): HTMLElement {
  const errors = state?.viewErrors.get(v.id) ?? {};
  const blocks = (v.view.blocks ?? []) as unknown[];
  const drawn = renderBlocks(
    blocks,
    surface(
      `view/${v.id}`,
      blocks,
      (action, values) => void post('/api/act', { surface: { kind: 'view', id: v.id }, action, values }),
      errors,
    ),
  );
  return h(
    'div',
    { class: className, 'data-view-id': v.id },
    problemsBox(viewProblems(v.view), 'view'),
    drawn,
  );
}

function drawModals(): void {
  const top = state?.modals.at(-1);
  if (!state || !top) {
    modalLayer.replaceChildren();
    return;
  }
  const view = top.view as Record<string, { text?: string; type?: string } | undefined>;
  const values = valuesFor(`view/${top.id}`, top.view.blocks);
  const close = (all: boolean) => void post('/api/close', { viewId: top.id, all });
  const submit = view.submit
    ? h(
        'button',
        {
          type: 'button',
          class: 'btn primary modal-submit',
          onclick: async (event) => {
            // One submission at a time, as Slack greys its button while the app answers.
            const button = event.currentTarget as HTMLButtonElement;
            if (button.disabled) return;
            button.disabled = true;
            state?.viewErrors.delete(top.id);
            await post('/api/submit', { viewId: top.id, values });
            button.disabled = false;
          },
        },
        text(view.submit, { names }),
      )
    : null;
  const stackDepth = state.modals.length;
  modalLayer.replaceChildren(
    h(
      'div',
      { class: 'overlay' },
      h(
        'div',
        {
          class: 'dialog modal',
          role: 'dialog',
          'aria-modal': 'true',
          'data-view-id': top.id,
          'data-callback-id': String(top.view.callback_id ?? ''),
        },
        h(
          'div',
          { class: 'dialog-title' },
          stackDepth > 1
            ? h(
                'button',
                { type: 'button', class: 'btn back', 'aria-label': 'Back', onclick: () => close(false) },
                '‹',
              )
            : null,
          h('span', { class: 'modal-title' }, text(view.title, { names })),
          h(
            'button',
            { type: 'button', class: 'btn modal-x', 'aria-label': 'Close', onclick: () => close(true) },
            '×',
          ),
        ),
        viewSurface(top, 'dialog-body'),
        h(
          'div',
          { class: 'dialog-footer' },
          h(
            'button',
            { type: 'button', class: 'btn modal-close', onclick: () => close(false) },
            text(view.close ?? { type: 'plain_text', text: 'Cancel' }, { names }),
          ),
          submit,
        ),
      ),
    ),
  );
}

/** The message box: Enter sends (Shift+Enter a new line), "/" starts a command, files are attached or dropped. */
function composer(channel: () => string, thread: () => string | undefined): HTMLFormElement {
  const pending: { id?: string; name: string; ready: Promise<string> }[] = [];
  const chips = h('div', { class: 'pending-files' });
  const box = h('textarea', { class: 'composer-input', rows: '2' });
  const picker = h('input', {
    type: 'file',
    multiple: true,
    class: 'attach-input',
    'aria-label': 'Attach files',
  });
  const form = h(
    'form',
    { class: 'composer' },
    chips,
    h(
      'div',
      { class: 'composer-row' },
      box,
      h('label', { class: 'btn attach', title: 'Attach files' }, '📎', picker),
      h('button', { type: 'submit', class: 'btn primary send' }, 'Send'),
    ),
  );
  const add = (files: FileList | File[]) => {
    for (const file of files) {
      const entry = { name: file.name, ready: upload(file).then((r) => r.id) };
      pending.push(entry);
      chips.appendChild(h('span', { class: 'chip pending-file' }, `📎 ${file.name} · ${size(file.size)}`));
    }
  };
  picker.addEventListener('change', () => {
    if (picker.files) add(picker.files);
    picker.value = '';
  });
  form.addEventListener('dragover', (e) => e.preventDefault());
  form.addEventListener('drop', (e) => {
    e.preventDefault();
    if (e.dataTransfer?.files) add(e.dataTransfer.files);
  });
  box.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      form.requestSubmit();
    }
  });
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const typed = box.value.trim();
    if (typed === '' && pending.length === 0) return;
    const files = await Promise.all(pending.map((p) => p.ready));
    box.value = '';
    pending.length = 0;
    chips.replaceChildren();
    if (typed.startsWith('/') && files.length === 0 && !thread())
      await post('/api/command', { channel: channel(), text: typed });
    else
      await post('/api/post', {
        channel: channel(),
        text: slackText(typed),
        files,
        ...(thread() ? { thread_ts: thread() } : {}),
      });
  });
  return form;
}

function setComposer(form: HTMLFormElement, member: boolean, placeholder: string): void {
  const box = form.querySelector('textarea') as HTMLTextAreaElement;
  box.placeholder = member ? placeholder : 'Join the channel to send messages';
  for (const control of form.querySelectorAll('textarea, input, button'))
    (control as HTMLInputElement).disabled = !member;
}

/** What Slack's client sends for typed text: &, < and > escaped, @names as mentions, URLs as links. */
function slackText(typed: string): string {
  const escaped = typed.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const people = [...(state?.users ?? []), { id: state?.botUserId ?? '', name: state?.appName ?? '' }];
  return escaped
    .replace(/@([\w.-]+)/g, (whole, name: string) => {
      const person = people.find((p) => p.name.split(/\s/)[0]?.toLowerCase() === name.toLowerCase());
      return person ? `<@${person.id}>` : whole;
    })
    .replace(/(^|\s)(https?:\/\/[^\s<>]+)/g, '$1<$2>');
}

async function upload(file: File): Promise<{ id: string }> {
  const query = new URLSearchParams({ user: state?.me ?? '', name: file.name, type: file.type });
  const res = await fetch(`/api/upload?${query}`, { method: 'POST', body: file });
  const body = (await res.json()) as { id?: string; error?: string };
  if (!res.ok || !body.id) {
    notice(body.error ?? `upload failed (HTTP ${res.status})`);
    throw new Error(body.error ?? 'upload failed');
  }
  return { id: body.id };
}

async function post(path: string, body: Record<string, unknown>): Promise<void> {
  const res = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user: state?.me, ...body }),
  });
  if (!res.ok)
    notice(((await res.json().catch(() => ({}))) as { error?: string }).error ?? `HTTP ${res.status}`);
}

function notice(message: string): void {
  const item = h('div', { class: 'notice', role: 'status' }, message);
  notices.appendChild(item);
  setTimeout(() => item.remove(), 8000);
}

function clock(ts: string): string {
  const date = new Date(Number(ts) * 1000);
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

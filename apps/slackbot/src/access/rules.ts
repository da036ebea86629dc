// Who may send which payload, as values a registration names: every button, select, modal, shortcut and
// command is registered with one of these (access/registry.ts), so nothing reaches a handler unchecked. A
// rule reads what the payload claims, checks it against the store — and against Slack only for what Slack's
// signature does not prove: the channel and user of a command, and the channel of a click on a message, are
// Slack's word — and hands the handler the checked subject — the job, the language, the modal's grant, the
// channel — taken from the store, never from the client: a value the client sends is only a key to look it up.
import { targetOfAssignedKey } from '../domain/assignments.ts';
import { type RenderNumbers, renderNumbers, renderOfReplyKey } from '../domain/renders.ts';
import type { Job, ModalGrant, Target } from '../store/store.ts';
import type { Access, Origin } from './access.ts';
import type { Actor } from './modals.ts';

/** The fields of an interactive payload the rules read (everything else is the handler's to parse). */
export interface Payload {
  type?: string;
  user?: { id?: string };
  user_id?: string;
  channel?: { id?: string };
  channel_id?: string;
  /** A command's: "directmessage" in a DM, "privategroup" in some private channels, else the channel's name. */
  channel_name?: string;
  command?: string;
  /** A command's words after its name (`/dub settings` → "settings"). */
  text?: string;
  /** An Events API notice: what happened, where, and whose message it was. */
  event?: {
    type?: string;
    subtype?: string;
    user?: string;
    /** Set on a bot's message: never a person's. */
    bot_id?: string;
    channel?: string;
    channel_type?: string;
    thread_ts?: string;
    /** A Workflow Builder step's run (`function_executed`): which step, the run's id, token and inputs. */
    function?: { callback_id?: string };
    function_execution_id?: string;
    bot_access_token?: string;
    inputs?: Record<string, unknown>;
  };
  callback_id?: string;
  container?: { type?: string; channel_id?: string; message_ts?: string; thread_ts?: string };
  message?: { ts?: string; thread_ts?: string };
  actions?: {
    action_id?: string;
    block_id?: string;
    type?: string;
    value?: string;
    /** An overflow menu's or a select's option picked: its value is the key, as a button's is. */
    selected_option?: { value?: string };
  }[];
  view?: { id?: string; type?: string; callback_id?: string; private_metadata?: string };
}

export type Checked<S> = { ok: true; actor: Actor; subject: S } | { ok: false; reason: string };

export interface RuleContext {
  access: Access;
  store: Pick<
    import('../store/store.ts').Store,
    'getJob' | 'getTarget' | 'deliveriesOf' | 'deliveredRenders'
  >;
}

/**
 * A rule for one kind of payload. `kind` keeps a modal's rule off a button and a button's off a command:
 * the registry's methods each take only their own kind.
 */
export interface Rule<K extends RuleKind, S> {
  readonly kind: K;
  readonly name: string;
  check(payload: Payload, context: RuleContext): Promise<Checked<S>>;
}
export type RuleKind = 'action' | 'view' | 'shortcut' | 'command' | 'event' | 'function';

export type ActionRule<S> = Rule<'action', S>;
export type ViewRule<S> = Rule<'view', S>;

/** A language with its job, both read from the store by the id the button carried. */
export interface TargetSubject {
  job: Job;
  target: Target;
  /**
   * The render of the language the message the button sits on shows (the outbox knows which render each
   * reply was posted for); null when the message is not a render's reply (an edit summary): the newest then.
   */
  render: number | null;
  /** The render number a person sees for each of the language's attempts (a failed one is not a render). */
  renders: RenderNumbers;
}

/** The channel a payload was checked against (its thread, when it came from one). */
export interface ChannelSubject {
  channel: string;
  threadTs: string | null;
}

function userOf(payload: Payload): string {
  return payload.user?.id ?? payload.user_id ?? '';
}

function action(payload: Payload) {
  return payload.actions?.length === 1 ? payload.actions[0] : undefined;
}

/** The key an action carries: a button's value, or the value of the overflow option picked. */
function keyOf(acted: ReturnType<typeof action>): string {
  return acted?.value ?? acted?.selected_option?.value ?? '';
}

/** A button on a message (never inside a modal): where it says it is, and who pressed it. */
function messageOrigin(payload: Payload): Origin | undefined {
  if (payload.container?.type !== 'message' || payload.view) return undefined;
  const channel = payload.channel?.id;
  if (!channel || payload.container.channel_id !== channel) return undefined;
  const message = payload.message;
  const threadTs = message
    ? (message.thread_ts ?? message.ts)
    : (payload.container.thread_ts ?? payload.container.message_ts);
  return { user: userOf(payload), channel, threadTs };
}

const refused = (reason: string): Checked<never> => ({ ok: false, reason });

/** A button on one of `job`'s messages, in its channel and thread (the click's container, Slack's word). */
function onJobMessage(payload: Payload, access: Access, job: Job | undefined): Checked<Job> {
  const origin = messageOrigin(payload);
  if (!origin) return refused('not on a message');
  const verdict = access.onJob(job, origin);
  if (!verdict.ok || !job) return refused(verdict.ok ? 'unknown job' : verdict.reason);
  return {
    ok: true,
    actor: { user: origin.user, channel: job.channel, threadTs: job.threadTs },
    subject: job,
  };
}

/** A button whose value is a job id: on the job's messages, in its channel and thread. */
const jobMember: ActionRule<Job> = {
  kind: 'action',
  name: 'job member',
  async check(payload, { access, store }) {
    return onJobMessage(payload, access, await store.getJob(action(payload)?.value ?? ''));
  },
};

/**
 * A picker on a job's card, whose block names the job (a select has no value; `jobOfBlock`, the card's own
 * reader, finds it): on the job's messages, in its channel and thread.
 */
function jobPicker(jobOfBlock: (blockId: string) => string | undefined): ActionRule<Job> {
  return {
    kind: 'action',
    name: 'job picker',
    async check(payload, { access, store }) {
      const jobId = jobOfBlock(action(payload)?.block_id ?? '');
      return onJobMessage(payload, access, jobId === undefined ? undefined : await store.getJob(jobId));
    },
  };
}

/**
 * A button whose value is a language's id (or an overflow menu whose option picked is): on its job's
 * messages, in its channel and thread.
 */
const targetMember: ActionRule<TargetSubject> = {
  kind: 'action',
  name: 'language member',
  async check(payload, { access, store }) {
    const target = await store.getTarget(keyOf(action(payload)));
    const checked = onJobMessage(payload, access, target && (await store.getJob(target.jobId)));
    if (!checked.ok) return checked;
    if (!target) return refused('unknown language');
    const job = checked.subject;
    const render = await renderShown(
      store,
      job,
      target,
      payload.message?.ts ?? payload.container?.message_ts,
    );
    const renders = renderNumbers(await store.deliveredRenders(target.id));
    return { ...checked, subject: { job, target, render, renders } };
  },
};

/** The render of `target` whose reply was posted as the message `ts` of the job's thread, if it is one. */
async function renderShown(
  store: RuleContext['store'],
  job: Job,
  target: Target,
  ts: string | undefined,
): Promise<number | null> {
  if (!ts) return null;
  const posted = (await store.deliveriesOf(job.id)).find((d) => d.ts === ts);
  const shown = posted && renderOfReplyKey(posted.key);
  return shown?.targetId === target.id ? shown.render : null;
}

/**
 * A button on the direct message the app sent someone assigned to review a language (the outbox knows each
 * message it posted under an assignment's key): the language's id is only a key, and whoever presses it must
 * be a member of the job's channel. It then acts as in the job's thread: a modal it opens is granted there.
 */
const assignedMember: ActionRule<TargetSubject> = {
  kind: 'action',
  name: 'assigned, channel member',
  async check(payload, { access, store }) {
    if (payload.container?.type !== 'message' || payload.view) return refused('not on a message');
    const channel = payload.channel?.id;
    const ts = payload.message?.ts ?? payload.container.message_ts;
    if (!channel || payload.container.channel_id !== channel || !ts) return refused('not on a message');
    const target = await store.getTarget(action(payload)?.value ?? '');
    const job = target && (await store.getJob(target.jobId));
    if (!target || !job) return refused('unknown language');
    const sent = (await store.deliveriesOf(job.id)).some(
      (d) => d.ts === ts && d.channel === channel && targetOfAssignedKey(d.key) === target.id,
    );
    if (!sent) return refused('not an assignment’s message');
    const user = userOf(payload);
    if (!(await access.inChannel(job.channel, user))) return refused('not a member');
    return {
      ok: true,
      actor: { user, channel: job.channel, threadTs: job.threadTs },
      subject: { job, target, render: null, renders: renderNumbers(await store.deliveredRenders(target.id)) },
    };
  },
};

/**
 * A button on the person's App Home (a view of type home, in no channel): the language's id is only a key, and
 * whoever presses it must be a member of the job's channel now (a Home published earlier may outlive that). It
 * then acts as in the job's thread: a modal it opens is granted there.
 */
const homeTarget: ActionRule<TargetSubject> = {
  kind: 'action',
  name: 'on Home, channel member',
  async check(payload, { access, store }) {
    if (payload.container?.type !== 'view' || payload.view?.type !== 'home' || payload.channel?.id)
      return refused('not on Home');
    const target = await store.getTarget(action(payload)?.value ?? '');
    const job = target && (await store.getJob(target.jobId));
    if (!target || !job) return refused('unknown language');
    const user = userOf(payload);
    if (!(await access.inChannel(job.channel, user))) return refused('not a member');
    return {
      ok: true,
      actor: { user, channel: job.channel, threadTs: job.threadTs },
      subject: { job, target, render: null, renders: renderNumbers(await store.deliveredRenders(target.id)) },
    };
  },
};

/**
 * A button about the channel it is in (the project list, a glossary report): the click's container is Slack's
 * word that the person is there.
 */
const channelMember: ActionRule<ChannelSubject> = {
  kind: 'action',
  name: 'channel member',
  async check(payload) {
    const origin = messageOrigin(payload);
    if (!origin?.channel) return refused('not on a message');
    if (!origin.user) return refused('no user');
    return {
      ok: true,
      actor: { user: origin.user, channel: origin.channel, threadTs: null },
      subject: { channel: origin.channel, threadTs: null },
    };
  },
};

/**
 * A select, a checkbox: its handler only acks (the button or submission that follows reads the choice, and
 * is checked); the registry takes only selection elements for it.
 */
const selection: ActionRule<null> = {
  kind: 'action',
  name: 'selection',
  async check(payload) {
    return { ok: true, actor: { user: userOf(payload), channel: '', threadTs: null }, subject: null };
  },
};

/** The modal's grant, checked: opened by the app for this user, metadata unchanged, still a member. */
async function grantOf(payload: Payload, access: Access): Promise<Checked<ModalGrant>> {
  const view = payload.view;
  if (!view?.id) return refused('no view');
  const verdict = await access.onModal(
    { id: view.id, callbackId: view.callback_id ?? '', privateMetadata: view.private_metadata ?? '' },
    userOf(payload),
  );
  if (!verdict.ok || !verdict.grant) return refused(verdict.ok ? 'no grant' : verdict.reason);
  const grant = verdict.grant;
  return {
    ok: true,
    actor: { user: userOf(payload), channel: grant.channel, threadTs: grant.threadTs },
    subject: grant,
  };
}

/**
 * A button inside one of the named modals: the view is checked against its grant, and the grant must be for
 * one of those modals — a button from the review cannot be pressed in a settings modal the sender holds. The
 * handler gets the grant: its subject (the review session, the language) is the app's, not the payload's.
 */
function inModal(...callbackIds: string[]): ActionRule<ModalGrant> {
  return {
    kind: 'action',
    name: `inside ${callbackIds.join(' or ')}`,
    async check(payload, { access }) {
      if (payload.container?.type !== 'view' || payload.channel?.id) return refused('not in a modal');
      const checked = await grantOf(payload, access);
      if (!checked.ok) return checked;
      if (!callbackIds.includes(checked.subject.callbackId)) return refused('a modal about something else');
      return checked;
    },
  };
}

/** A modal submitted by the person it was opened for, as the app left it; the handler gets the grant. */
const opener: ViewRule<ModalGrant> = {
  kind: 'view',
  name: 'modal opener',
  check: (payload, { access }) => grantOf(payload, access),
};

/** A message shortcut: in a channel the person is a member of; its thread is the message's. */
const shortcutMember: Rule<'shortcut', ChannelSubject> = {
  kind: 'shortcut',
  name: 'channel member',
  async check(payload, { access }) {
    const user = userOf(payload);
    const channel = payload.channel?.id;
    const threadTs = payload.message ? (payload.message.thread_ts ?? payload.message.ts ?? null) : null;
    const verdict = await access.onChannel({ user, channel, threadTs: threadTs ?? undefined });
    if (!verdict.ok || !channel) return refused(verdict.ok ? 'no channel' : verdict.reason);
    return { ok: true, actor: { user, channel, threadTs }, subject: { channel, threadTs } };
  },
};

/**
 * A slash command, or one of `/dub`'s subcommands (each registered with this rule, so each gets the channel
 * checked here, never the payload's `channel_id` read again). Typed in a channel, its channel and user are
 * Slack's word (signed), so nobody is asked and no command is refused because Slack's member list was busy;
 * typed in a DM, it is the caller's own only when Slack says whose DM it is (conversations.info, kept), never
 * by its `D` prefix. A `/dub` in a channel the app cannot post in is recorded, and its author told to invite
 * the app (features/dub).
 */
const caller: Rule<'command', ChannelSubject> = {
  kind: 'command',
  name: 'caller',
  async check(payload, { access }) {
    const user = userOf(payload);
    const channel = payload.channel_id ?? '';
    if (!user || !channel) return refused('no user or channel');
    // The prefix only asks for the check; it never passes it.
    const direct = payload.channel_name === 'directmessage' || channel.startsWith('D');
    if (direct && !(await access.inConversation(channel, user, true)))
      return refused('not their direct message');
    return { ok: true, actor: { user, channel, threadTs: null }, subject: { channel, threadTs: null } };
  },
};

/**
 * A person's message the app acts on — a mention (a "stop" in a job's thread among them), a shared file, a
 * message posted in a channel (a video for a channel on autopilot). Its
 * channel and author are Slack's word, as for a command: Slack sends the event only for a message that person
 * posted in that conversation, so nobody is asked (a mention is never held up because Slack's member list was
 * busy), and the handler finds the job by that channel and thread in the store — a thread elsewhere is not this
 * one. In a DM, as for a command, whose DM it is only Slack can say (conversations.info, kept); a plain message
 * there asks nothing of the app, so nobody is asked about it. Slack's own notices about messages (an edit adding
 * link previews, a bot's post) name no person and are let through: the handler takes nothing from them that a
 * person asked for.
 */
const poster: Rule<'event', ChannelSubject> = {
  kind: 'event',
  name: 'poster',
  async check(payload, { access }) {
    const event = payload.event;
    const channel = event?.channel ?? '';
    const threadTs = event?.thread_ts ?? null;
    const direct = event?.channel_type === 'im' || channel.startsWith('D');
    const plain = event?.type === 'message' && event.subtype === undefined && !event.bot_id;
    // A person's post in a channel (autopilot may take it), or their reply in a thread (a comment on a line):
    // both checked like a mention.
    const posted = plain && !direct;
    const reply = plain && threadTs !== null;
    const asked = event?.type === 'app_mention' || event?.subtype === 'file_share' || posted || reply;
    if (!asked) return { ok: true, actor: { user: '', channel, threadTs }, subject: { channel, threadTs } };
    const user = event?.user ?? '';
    if (!channel || !user) return refused('no user or channel');
    if (direct && !(await access.inConversation(channel, user, true)))
      return refused('not their direct message');
    return { ok: true, actor: { user, channel, threadTs }, subject: { channel, threadTs } };
  },
};

/**
 * Slack's own notice that a channel's members changed (someone joined or left, the app left): no person asks
 * anything by it, and all it can do is make the app ask Slack again.
 */
const membersChanged: Rule<'event', { channel: string }> = {
  kind: 'event',
  name: 'members changed',
  async check(payload) {
    const channel = payload.event?.channel ?? '';
    if (!channel) return refused('no channel');
    return { ok: true, actor: { user: '', channel, threadTs: null }, subject: { channel } };
  },
};

/** App Home opened: the person's own, and only theirs (what it lists is filtered by their channels). */
const homeOwner: Rule<'event', { user: string }> = {
  kind: 'event',
  name: 'home owner',
  async check(payload) {
    const user = payload.event?.user ?? '';
    if (!user) return refused('no user');
    return { ok: true, actor: { user, channel: '', threadTs: null }, subject: { user } };
  },
};

/** A run of a Workflow Builder step, as Slack sent it: which execution, its token, its inputs. */
export interface StepRun {
  executionId: string;
  token: string;
  inputs: Record<string, unknown>;
}

/**
 * A workflow reached one of the app's steps: Slack's word, like a command's channel — Slack sends the event
 * only for a workflow that a member of the workspace built with the step, and mints its token for this run
 * only. Nobody clicked anything: the step posts only in a channel the app is in (the starter checks it), and
 * its inputs are checked by the step like a command's words.
 */
const workflowRun: Rule<'function', StepRun> = {
  kind: 'function',
  name: 'workflow run',
  async check(payload) {
    const event = payload.event;
    const executionId = event?.function_execution_id ?? '';
    const token = event?.bot_access_token ?? '';
    if (!executionId || !token) return refused('no execution id or token');
    const inputs = event?.inputs ?? {};
    const channel = typeof inputs.channel === 'string' ? inputs.channel : '';
    return {
      ok: true,
      actor: { user: '', channel, threadTs: null },
      subject: { executionId, token, inputs },
    };
  },
};

export const rules = {
  jobMember,
  jobPicker,
  targetMember,
  assignedMember,
  homeTarget,
  channelMember,
  selection,
  inModal,
  opener,
  shortcutMember,
  caller,
  poster,
  membersChanged,
  workflowRun,
  homeOwner,
} as const;

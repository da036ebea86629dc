// The gate in front of every listener (Bolt global middleware). An interactive payload or a command is
// looked up in the registry: one that no feature registered — an unknown id, or a kind the app does not
// expect, such as a legacy `interactive_message` or a payload with no `type` — is refused, as is one its
// registration's rule refuses; refused payloads are acked, logged once under a request id, and the person is
// told without naming anything. Admitted ones run as their checked actor (a modal they open is recorded as
// theirs) with the rule's subject handed to the one handler registered for them. A payload whose check needs
// Slack, when Slack cannot say in time, is kept in the store and run again once it can (access/replay.ts).
// Events pass the same way (Bolt has acked them already): a "stop" mention from outside the channel is refused
// like a forged click. Before any of it, the payload's tenant (its workspace or org, as Slack signs it) is
// resolved: a payload of a team that did not install the app is refused, logged, and runs nothing; the rest is
// checked with that tenant's side of the gate (its registrations, its store, its Slack client: tenantsGate), so
// a job of another tenant is not found, and only that tenant's handler runs (registry.ts, runChecked).
import type { AnyMiddlewareArgs, Middleware } from '@slack/bolt';
import { newRequestId, somethingWentWrong } from '../errors/public.ts';
import { inWorkspace } from '../install/org-workspace.ts';
import { type OriginFields, payloadOrigin, payloadWorkspace } from '../install/origin.ts';
import { type Tenancy, type Tenant, TenantGone } from '../install/tenancy.ts';
import { SendAgain, slackSendsAgainOnFailure } from '../slack/event-ack.ts';
import type { Interactions } from '../slack/interactions.ts';
import type { Store } from '../store/store.ts';
import { isStoreUnavailable } from '../store/unavailable.ts';
import { noticeModal, plain } from '../ui/blocks.ts';
import { type Access, NOT_YOURS } from './access.ts';
import { BUSY, BUSY_NOTHING_CHANGED } from './busy.ts';
import { MembershipUnknown } from './membership.ts';
import { type Actor, actingAs as runAs } from './modals.ts';
import { ACKED, type Registry } from './registry.ts';
import { REPLAY, type Replay } from './replay.ts';
import type { Payload } from './rules.ts';

/** One tenant's side of the gate: its registrations, its rules' reads and its Slack client. */
export interface TenantGate {
  registry: Registry;
  access: Access;
  store: Pick<Store, 'getJob' | 'getTarget' | 'deliveriesOf' | 'deliveredRenders' | 'deferRequest'>;
  slack: Pick<Interactions, 'whisper'>;
  now?: () => number;
}

/** The gate of one tenant's payloads (the tests', and any single graph's). */
export interface GateDeps extends TenantGate {
  /** Whose payload it is; null: not an installed workspace's or org's. */
  tenancy: Pick<Tenancy, 'resolve'>;
}

/** The gate of many tenants: each payload checked with its own tenant's side. */
export interface TenantsGateDeps {
  /** Whose payload it is; null: not an installed workspace's or org's. */
  tenancy: Pick<Tenancy, 'resolve'>;
  /** The tenant's side of the gate, made when first needed; rejects with TenantGone once it was removed. */
  gateOf(tenant: Tenant): Promise<TenantGate>;
  /** Logs a payload refused before any tenant's side was known (a workspace that did not install the app). */
  refusals: Pick<Access, 'logRefusal'>;
}

export function accessMiddleware(deps: GateDeps): Middleware<AnyMiddlewareArgs> {
  return tenantsGate({ tenancy: deps.tenancy, gateOf: async () => deps, refusals: deps.access });
}

type Ack = (response?: unknown) => Promise<void>;
type Body = Payload;

export function tenantsGate(gate: TenantsGateDeps): Middleware<AnyMiddlewareArgs> {
  /**
   * The rest of the request as `actor`, under a new request id. A listener's unexpected failure is logged in
   * full under that id, and the person is told what happened and what to do, with the id: never the error;
   * a request the database was away for is answered as busy (nothing was recorded: try again). A handler
   * that had not acked yet (it records first) is acked only with that answer (`answerUnacked`).
   */
  const actingAs = async (
    deps: TenantGate,
    actor: Actor,
    args: { body: Body; ack: Ack | undefined; context: Record<string, unknown>; next: () => Promise<void> },
  ): Promise<void> => {
    const requestId = newRequestId();
    const what = String(args.body.type ?? 'command');
    try {
      await runAs({ ...actor, requestId }, args.next);
    } catch (error) {
      // The database is away: what was asked could not be recorded; the person is told to try again.
      const busy = isStoreUnavailable(error);
      // A kept request run again is tried again later: nobody waits on its ack.
      if (busy && args.context[REPLAY]) throw error;
      if (busy) deps.access.logBusy(requestId, { user: actor.user, channel: actor.channel, what }, error);
      else deps.access.logFailure(requestId, { user: actor.user, channel: actor.channel }, error);
      const text = busy ? busyText(args.body) : somethingWentWrong(requestId);
      if (!args.context[ACKED]) return answerUnacked(deps, args.ack, args.body, text, error);
      if (!actor.channel || !actor.user) return;
      await deps.slack
        .whisper(
          {
            channel: actor.channel,
            user: actor.user,
            ...(actor.threadTs ? { threadTs: actor.threadTs } : {}),
          },
          { text, blocks: [] },
        )
        .catch(() => {});
    }
  };
  const gateOne: Middleware<AnyMiddlewareArgs> = async (args) => {
    const body = args.body as Body;
    const ack = (args as { ack?: Ack }).ack;
    const origin = payloadOrigin(args.body as OriginFields);
    // Nobody of that workspace is told: the app holds no token of it to answer with.
    const tenant = await gate.tenancy.resolve(origin);
    const deps = tenant ? await gate.gateOf(tenant).catch(gone) : undefined;
    if (!deps)
      return refuse(
        { access: gate.refusals },
        ack,
        body,
        `not installed for ${describeOrigin(origin)}`,
        false,
      );
    const wanted = deps.registry.wanted(body);
    if (!wanted.entry) return refuse(deps, ack, body, wanted.reason);
    let checked: Awaited<ReturnType<Registry['check']>>;
    try {
      checked = await deps.registry.check(wanted.entry, body, deps);
    } catch (error) {
      if (error instanceof MembershipUnknown) {
        // Run again later: a replay that still cannot check says so and does nothing; a new one is kept.
        const replay = args.context[REPLAY] as Replay | undefined;
        if (replay) {
          replay.unknown = true;
          return;
        }
        if (await keep(deps, ack, body)) return;
      }
      // An event not acked yet (slack/event-ack.ts) that could be neither checked nor kept: failing it makes
      // Slack send it again, when Slack or the store may answer; an event names nobody to tell here.
      if (body.event !== undefined && slackSendsAgainOnFailure()) throw new SendAgain(error);
      // The check itself failed (Slack could not say who is in the channel within the ack budget, the store is
      // down): nothing was done; the person hears so (busy when the store is away), with an id for the logs.
      const requestId = newRequestId();
      const channel = body.channel?.id ?? body.channel_id;
      const user = body.user?.id ?? body.user_id;
      const busy = isStoreUnavailable(error);
      if (busy)
        deps.access.logBusy(requestId, { user, channel, what: String(body.type ?? 'command') }, error);
      else deps.access.logFailure(requestId, { user, channel, check: true }, error);
      // An event names nobody to tell here (its ack is slack/event-ack.ts's).
      if (body.event !== undefined) return;
      const text = busy ? busyText(body) : somethingWentWrong(requestId, 'That could not be checked');
      return answerUnacked(deps, ack, body, text, error);
    }
    if (!checked.ok) return refuse(deps, ack, body, `${wanted.entry.rule.name}: ${checked.reason}`);
    deps.registry.pass(args.context, wanted.entry, checked.subject);
    // An event's failure is Bolt's to log (its handlers tell the person what they can themselves).
    if (body.event !== undefined) return args.next();
    return actingAs(deps, checked.actor, { body, ack, context: args.context, next: args.next });
  };
  // Each payload is handled inside its workspace: an org-wide install's calls name it (org-workspace.ts).
  return (args) => inWorkspace(payloadWorkspace(args.body as OriginFields), () => gateOne(args));
}

function describeOrigin(origin: ReturnType<typeof payloadOrigin>): string {
  const org = origin.enterpriseId
    ? ` (org ${origin.enterpriseId}${origin.orgInstall ? ', org-wide' : ''})`
    : '';
  return `team ${origin.teamId ?? 'none'}${org}`;
}

/** Busy, in the words of what was asked: a command or a shortcut starts a dub, a click changes something. */
function busyText(body: Body): string {
  return body.command !== undefined || body.type === 'message_action' ? BUSY : BUSY_NOTHING_CHANGED;
}

/**
 * Answers a request nothing was done for, before its ack: a command or a submission in the ack itself (which
 * cannot be lost); a click or a shortcut by a message to the person, then the ack. When that message cannot
 * be sent, `error` is thrown and the request is not acked (Bolt answers 500, and Slack shows the person that
 * the app did not answer): never an ack with nothing done and nothing said.
 */
async function answerUnacked(
  deps: TenantGate,
  ack: Ack | undefined,
  body: Body,
  text: string,
  error: unknown,
): Promise<void> {
  if (body.command !== undefined) return ack?.({ response_type: 'ephemeral', text });
  if (body.type === 'view_submission')
    return ack?.({ response_action: 'update', view: noticeModal(plain('dubkit'), text) });
  const channel = body.channel?.id ?? body.channel_id;
  const user = body.user?.id ?? body.user_id;
  const told =
    channel !== undefined &&
    user !== undefined &&
    (await deps.slack.whisper({ channel, user }, { text, blocks: [] }).then(
      () => true,
      () => false,
    ));
  if (!told) throw error;
  await ack?.();
}

/**
 * Said to someone whose command was refused: Slack's signed command did not name them, the conversation it was
 * typed in, or a command the app registered (a payload not sent by Slack as a command).
 */
export const COMMAND_REFUSED =
  '⛔ I could not take that command as it was sent, so nothing was done. Type `/dub help` to see what I answer.';

/** Said when a request is kept until Slack says whether its sender is in the channel it acts on. */
export const KEPT =
  '⏳ Slack did not say just now whether you are in the channel this is about, so I kept what you sent: it ' +
  'will be done as soon as Slack answers (usually within a minute). There is nothing more to do.';

/**
 * Keeps a request whose check waits for Slack, acks it and tells the person so; false (nothing kept, nothing
 * answered) when the store could not keep it either.
 */
async function keep(deps: TenantGate, ack: Ack | undefined, body: Body): Promise<boolean> {
  try {
    await deps.store.deferRequest(newRequestId(), body, (deps.now ?? Date.now)());
  } catch {
    return false;
  }
  await ack?.(
    body.type === 'view_submission'
      ? { response_action: 'update', view: noticeModal(plain('dubkit'), KEPT) }
      : undefined,
  ).catch(() => {});
  const channel = body.channel?.id ?? body.channel_id;
  const user = body.user?.id ?? body.user_id;
  if (channel && user && body.type !== 'view_submission')
    await deps.slack.whisper({ channel, user }, { text: KEPT, blocks: [] }).catch(() => {});
  return true;
}

/** A tenant removed between its resolution and its graph: its payload is refused like an uninstalled one's. */
function gone(error: unknown): undefined {
  if (error instanceof TenantGone) return undefined;
  throw error;
}

/** Acked (a submission in its modal, a command in its answer), logged once, and the person told. */
async function refuse(
  deps: { access: Pick<Access, 'logRefusal'>; slack?: Pick<Interactions, 'whisper'> },
  ack: Ack | undefined,
  body: Body,
  reason: string,
  tell = true,
): Promise<void> {
  const requestId = newRequestId();
  const user = body.user?.id ?? body.user_id ?? body.event?.user ?? '';
  const answer =
    body.type === 'view_submission'
      ? { response_action: 'update', view: noticeModal(plain('dubkit'), `⛔ ${NOT_YOURS}`) }
      : body.command !== undefined
        ? { response_type: 'ephemeral', text: COMMAND_REFUSED }
        : undefined;
  await ack?.(answer).catch(() => {});
  deps.access.logRefusal(
    String(body.event?.type ?? body.type ?? (body.command !== undefined ? 'command' : 'none')),
    {
      requestId,
      user,
      channel: body.channel?.id ?? body.channel_id ?? body.event?.channel,
      action: body.actions?.[0]?.action_id,
      value: body.actions?.[0]?.value,
      view: body.view?.callback_id,
      event: body.event?.type,
    },
    reason,
  );
  // Told where they are, if anywhere; never through the payload's response_url, which a forger chooses.
  const channel =
    body.type === 'view_submission' || body.command !== undefined ? undefined : body.channel?.id;
  if (!tell || !channel || !user || !deps.slack) return;
  await deps.slack.whisper({ channel, user }, { text: `⛔ ${NOT_YOURS}`, blocks: [] }).catch(() => {});
}

// The gate in front of every listener (Bolt global middleware). An interactive payload or a command is
// looked up in the registry: one that no feature registered — an unknown id, or a kind the app does not
// expect, such as a legacy `interactive_message` or a payload with no `type` — is refused, as is one its
// registration's rule refuses; refused payloads are acked, logged once under a request id, and the person is
// told without naming anything. Admitted ones run as their checked actor (a modal they open is recorded as
// theirs) with the rule's subject handed to the one handler registered for them. Events pass the same way
// (Bolt has acked them already): a "stop" mention from outside the channel is refused like a forged click.
import type { AnyMiddlewareArgs, Middleware } from '@slack/bolt';
import { newRequestId, somethingWentWrong } from '../errors/public.ts';
import type { Interactions } from '../slack/interactions.ts';
import type { Store } from '../store/store.ts';
import { noticeModal, plain } from '../ui/blocks.ts';
import { type Access, NOT_YOURS } from './access.ts';
import { type Actor, actingAs as runAs } from './modals.ts';
import type { Registry } from './registry.ts';
import type { Payload } from './rules.ts';

export interface GateDeps {
  registry: Registry;
  access: Access;
  store: Pick<Store, 'getJob' | 'getTarget' | 'deliveriesOf'>;
  slack: Pick<Interactions, 'whisper'>;
}

type Ack = (response?: unknown) => Promise<void>;
type Body = Payload;

export function accessMiddleware(deps: GateDeps): Middleware<AnyMiddlewareArgs> {
  /**
   * The rest of the request as `actor`, under a new request id. A listener's unexpected failure is logged in
   * full under that id, and the person is told what happened and what to do, with the id: never the error.
   */
  const actingAs = async (actor: Actor, next: () => Promise<void>): Promise<void> => {
    const requestId = newRequestId();
    try {
      await runAs({ ...actor, requestId }, next);
    } catch (error) {
      deps.access.logFailure(requestId, { user: actor.user, channel: actor.channel }, error);
      if (!actor.channel || !actor.user) return;
      await deps.slack
        .whisper(
          {
            channel: actor.channel,
            user: actor.user,
            ...(actor.threadTs ? { threadTs: actor.threadTs } : {}),
          },
          { text: somethingWentWrong(requestId), blocks: [] },
        )
        .catch(() => {});
    }
  };
  return async (args) => {
    const body = args.body as Body;
    const ack = (args as { ack?: Ack }).ack;
    const wanted = deps.registry.wanted(body);
    if (!wanted.entry) return refuse(deps, ack, body, wanted.reason);
    let checked: Awaited<ReturnType<Registry['check']>>;
    try {
      checked = await deps.registry.check(wanted.entry, body, deps);
    } catch (error) {
      // The check itself failed (Slack did not answer conversations.members, the store is down): nothing
      // was done; the person hears so, with an id for the logs.
      const requestId = newRequestId();
      const channel = body.channel?.id ?? body.channel_id;
      const user = body.user?.id ?? body.user_id;
      deps.access.logFailure(requestId, { user, channel, check: true }, error);
      const text = somethingWentWrong(requestId, 'That could not be checked');
      await ack?.(
        body.type === 'view_submission'
          ? { response_action: 'update', view: noticeModal(plain('dubkit'), text) }
          : undefined,
      ).catch(() => {});
      if (channel && user && body.type !== 'view_submission')
        await deps.slack.whisper({ channel, user }, { text, blocks: [] }).catch(() => {});
      return;
    }
    if (!checked.ok) return refuse(deps, ack, body, `${wanted.entry.rule.name}: ${checked.reason}`);
    deps.registry.pass(args.context, wanted.entry, checked.subject);
    // An event's failure is Bolt's to log (its handlers tell the person what they can themselves).
    if (body.event !== undefined) return args.next();
    return actingAs(checked.actor, args.next);
  };
}

/**
 * Said to someone whose command was refused, in the command's own answer: the app could not confirm they are
 * in the channel, which is also what it sees in a private channel it was not invited to.
 */
export const COMMAND_REFUSED =
  '⛔ I act here only for members of this channel, and I could not confirm you are one. In a private ' +
  'channel, invite me first (`/invite` and my name). Nothing was done.';

/** Acked (a submission in its modal, a command in its answer), logged once, and the person told. */
async function refuse(deps: GateDeps, ack: Ack | undefined, body: Body, reason: string): Promise<void> {
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
  if (!channel || !user) return;
  await deps.slack.whisper({ channel, user }, { text: `⛔ ${NOT_YOURS}`, blocks: [] }).catch(() => {});
}

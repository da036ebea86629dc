// The access check in front of every listener (Bolt global middleware): buttons, modal submissions and
// buttons inside modals, and shortcuts are checked before any listener runs; a refused payload is acked,
// the person is told in an ephemeral message (or in the modal) without naming anything, and no listener
// sees it. Admitted requests, slash commands included, run as their checked actor, so that a modal they open
// is recorded as theirs.
import type { AnyMiddlewareArgs, Middleware } from '@slack/bolt';
import { newRequestId, somethingWentWrong } from '../errors/public.ts';
import { PROJECT_LIST } from '../features/account/project-list.ts';
import { GLOSSARY_UI } from '../features/glossary/blocks.ts';
import { LIPSYNC_UI } from '../features/lipsync/blocks.ts';
import { REVIEW } from '../features/review/modal.ts';
import { NEW_LINE } from '../features/review/new-line.ts';
import { SOURCE_FIX } from '../features/source-fix/blocks.ts';
import type { Interactions } from '../slack/interactions.ts';
import type { Store } from '../store/store.ts';
import { APPROVAL_ACTIONS } from '../ui/approval.ts';
import { GLOSSARY_PICKER } from '../ui/glossary-picker.ts';
import { JOB_CARD } from '../ui/job-card.ts';
import { MILESTONE_ACTIONS } from '../ui/milestones.ts';
import { QA_ACTIONS } from '../ui/qa-line.ts';
import { THREAD_ACTIONS } from '../ui/thread-actions.ts';
import { type Access, NOT_YOURS, type Origin, type Verdict } from './access.ts';
import { type Actor, actingAs as runAs } from './modals.ts';

/** Buttons whose value is a job id. */
const JOB_BUTTONS = new Set<string>([JOB_CARD.start, JOB_CARD.cancel]);
/** Buttons whose value is a language (target) id. */
const TARGET_BUTTONS = new Set<string>([
  MILESTONE_ACTIONS.retry,
  THREAD_ACTIONS.review,
  THREAD_ACTIONS.render,
  THREAD_ACTIONS.speakers,
  THREAD_ACTIONS.lipsync,
  QA_ACTIONS.reviewFlagged,
  APPROVAL_ACTIONS.approve,
]);
/**
 * Selections whose listeners only ack (the button or submission that follows reads the choice, and is
 * checked). Both the id and the element type must match: Bolt routes by action id alone, so a forged
 * "select" carrying a button's id must not pass as a selection. A new select must be added here: until it
 * is, changing it is answered with the refusal, which its author sees at once.
 */
const SELECTIONS = new Set<string>([
  JOB_CARD.dstAction,
  JOB_CARD.srcAction,
  JOB_CARD.speakersAction,
  REVIEW.speakerAction,
  REVIEW.removeAction,
  THREAD_ACTIONS.speakersAction,
  LIPSYNC_UI.facesAction,
  LIPSYNC_UI.kindAction,
  GLOSSARY_PICKER.action,
]);
const SELECTION_TYPES = new Set<string>([
  'static_select',
  'multi_static_select',
  'radio_buttons',
  'checkboxes',
]);
/** Buttons about the channel they are in, not a job: the project list's, the glossary report's. */
const CHANNEL_BUTTONS = new Set<string>([PROJECT_LIST.page, PROJECT_LIST.track, GLOSSARY_UI.makeDefault]);
/** Buttons that exist only inside a modal: checked against the modal's grant, whatever their id. */
const MODAL_BUTTONS = new Set<string>([
  REVIEW.next,
  REVIEW.previous,
  NEW_LINE.open,
  NEW_LINE.back,
  SOURCE_FIX.open,
  SOURCE_FIX.back,
]);

/**
 * How the middleware checks an action id: by the job, the language, the channel or the modal it acts on, or
 * not at all for a selection. An id it does not know is refused; registered.test.ts checks that every action the
 * listeners register is known here, so a new button cannot be added without saying how it is checked.
 */
export function actionCheck(
  actionId: string,
): 'job' | 'target' | 'channel' | 'modal' | 'selection' | undefined {
  if (JOB_BUTTONS.has(actionId)) return 'job';
  if (TARGET_BUTTONS.has(actionId)) return 'target';
  if (CHANNEL_BUTTONS.has(actionId)) return 'channel';
  if (MODAL_BUTTONS.has(actionId)) return 'modal';
  if (SELECTIONS.has(actionId)) return 'selection';
  return undefined;
}

interface Payload {
  type?: string;
  user?: { id?: string };
  user_id?: string;
  channel?: { id?: string };
  channel_id?: string;
  command?: string;
  container?: { type?: string; channel_id?: string; message_ts?: string; thread_ts?: string };
  message?: { ts?: string; thread_ts?: string };
  actions?: { action_id?: string; type?: string; value?: string }[];
  view?: { id?: string; callback_id?: string; private_metadata?: string };
}

export interface AccessMiddlewareDeps {
  access: Access;
  store: Store;
  slack: Pick<Interactions, 'whisper'>;
}

export function accessMiddleware(deps: AccessMiddlewareDeps): Middleware<AnyMiddlewareArgs> {
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
  const check = checkThenRun(deps, actingAs);
  return async (args) => {
    const body = args.body as Payload;
    // Events are Slack's notices, not a person's request: left to Bolt, and to Slack's redelivery on failure.
    if (body.command === undefined && !INTERACTIVE.has(body.type ?? '')) return args.next();
    try {
      await check(args);
    } catch (error) {
      // The check itself failed (Slack did not answer conversations.members, the store is down): nothing
      // was done; the person hears so, with an id for the logs.
      const requestId = newRequestId();
      const channel = body.channel?.id ?? body.channel_id;
      deps.access.logFailure(requestId, { user: body.user?.id ?? body.user_id, channel, check: true }, error);
      const ack = (args as { ack?: (response?: unknown) => Promise<void> }).ack;
      const text = somethingWentWrong(requestId, 'That could not be checked');
      await ack?.(
        body.type === 'view_submission' ? { response_action: 'update', view: noticeView(text) } : undefined,
      ).catch(() => {});
      const who = body.user?.id ?? body.user_id;
      if (channel && who && body.type !== 'view_submission')
        await deps.slack.whisper({ channel, user: who }, { text, blocks: [] }).catch(() => {});
    }
  };
}

/** The payload kinds a person sends by acting in Slack, which are checked here. */
const INTERACTIVE = new Set(['block_actions', 'view_submission', 'message_action', 'shortcut']);

function checkThenRun(
  deps: AccessMiddlewareDeps,
  actingAs: (actor: Actor, next: () => Promise<void>) => Promise<void>,
): (args: Parameters<Middleware<AnyMiddlewareArgs>>[0]) => Promise<void> {
  return async (args) => {
    const body = args.body as Payload;
    const next = args.next;
    const user = body.user?.id ?? body.user_id ?? '';

    // Slash commands come from the channel the person typed in (Slack signs that): their actor is set, so
    // that a modal a command opens is theirs and for that channel.
    if (body.command !== undefined) {
      const channel = body.channel_id ?? '';
      return actingAs({ user, channel, threadTs: null }, next);
    }

    if (body.type === 'block_actions') {
      const action = body.actions?.[0];
      const actionId = action?.action_id ?? '';
      if (SELECTIONS.has(actionId) && SELECTION_TYPES.has(action?.type ?? '')) return next();
      const ack = 'ack' in args ? (args.ack as () => Promise<void>) : undefined;
      if (body.container?.type === 'view' || (body.view && !body.channel?.id)) {
        const verdict = await deps.access.onModal(viewOf(body), user);
        if (!verdict.ok) return refuseAction(deps, ack, body, user, 'modal button', verdict);
        const grant = verdict.grant;
        return actingAs({ user, channel: grant?.channel ?? '', threadTs: grant?.threadTs ?? null }, next);
      }
      const origin = originOf(body, user);
      let verdict: Verdict;
      let actor: Actor | undefined;
      if (JOB_BUTTONS.has(actionId)) {
        const job = await deps.store.getJob(action?.value ?? '');
        verdict = await deps.access.onJob(job, origin);
        if (job) actor = { user, channel: job.channel, threadTs: job.threadTs };
      } else if (TARGET_BUTTONS.has(actionId)) {
        verdict = await deps.access.onTarget(action?.value ?? '', origin);
        actor = { user, channel: origin.channel ?? '', threadTs: origin.threadTs ?? null };
      } else if (CHANNEL_BUTTONS.has(actionId)) {
        verdict = await deps.access.onChannel(origin);
        actor = { user, channel: origin.channel ?? '', threadTs: null };
      } else {
        // A button this app does not know (or no longer has): nothing to check it against, nothing done.
        verdict = { ok: false, reason: `unknown action ${actionId}` };
      }
      if (!verdict.ok || !actor) return refuseAction(deps, ack, body, user, actionId, verdict);
      return actingAs(actor, next);
    }

    if (body.type === 'view_submission') {
      const verdict = await deps.access.onModal(viewOf(body), user);
      if (!verdict.ok) {
        deps.access.logRefusal('view_submission', { user, view: body.view?.callback_id }, verdict.reason);
        const ack = (args as { ack?: (response: unknown) => Promise<void> }).ack;
        await ack?.({ response_action: 'update', view: refusedView() });
        return;
      }
      return actingAs(
        { user, channel: verdict.grant?.channel ?? '', threadTs: verdict.grant?.threadTs ?? null },
        next,
      );
    }

    if (body.type === 'message_action' || body.type === 'shortcut') {
      const origin = originOf(body, user);
      const verdict = await deps.access.onChannel(origin);
      if (!verdict.ok) {
        const ack = (args as { ack?: () => Promise<void> }).ack;
        return refuseAction(deps, ack, body, user, 'shortcut', verdict);
      }
      return actingAs({ user, channel: origin.channel ?? '', threadTs: origin.threadTs ?? null }, next);
    }

    // view_closed and anything else Slack sends: nothing to act on for someone.
    return next();
  };
}

function viewOf(body: Payload) {
  return {
    id: body.view?.id ?? '',
    callbackId: body.view?.callback_id ?? '',
    privateMetadata: body.view?.private_metadata ?? '',
  };
}

function originOf(body: Payload, user: string): Origin {
  const channel = body.channel?.id ?? body.container?.channel_id;
  const message = body.message;
  const threadTs = message
    ? (message.thread_ts ?? message.ts)
    : (body.container?.thread_ts ?? body.container?.message_ts);
  return { user, channel, threadTs };
}

async function refuseAction(
  deps: AccessMiddlewareDeps,
  ack: (() => Promise<void>) | undefined,
  body: Payload,
  user: string,
  kind: string,
  verdict: Verdict,
): Promise<void> {
  await ack?.();
  deps.access.logRefusal(
    kind,
    { user, channel: body.channel?.id, value: body.actions?.[0]?.value },
    verdict.ok ? '' : verdict.reason,
  );
  // Told where they are, if anywhere; never through the payload's response_url, which a forger chooses.
  const channel = body.channel?.id;
  if (!channel || !user) return;
  await deps.slack.whisper({ channel, user }, { text: `⛔ ${NOT_YOURS}`, blocks: [] }).catch(() => {});
}

function refusedView() {
  return noticeView(`⛔ ${NOT_YOURS}`);
}

/** A modal saying one thing (the app's own words, no one else's). */
function noticeView(text: string) {
  return {
    type: 'modal' as const,
    title: { type: 'plain_text' as const, text: 'dubkit' },
    close: { type: 'plain_text' as const, text: 'Close' },
    blocks: [{ type: 'section', text: { type: 'mrkdwn', text } }],
  };
}

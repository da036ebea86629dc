// Bolt acks an Events API delivery before its listeners run (App.processEvent), so a mention or a shared file
// whose recording then failed had been acked with nothing recorded, and Slack would not send it again. Here an
// event's ack is held until its listeners have settled: done (recorded, or its sender told "busy") → acked;
// failed because the store is away → not acked (HTTP 500; Socket Mode no ack), so Slack sends it again; still
// running after EVENT_ACK_BUDGET_MS → acked then, within Slack's 3 s, as Bolt would have. A redelivered event
// is done once: its listeners record it under its event id.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { App } from '@slack/bolt';
import type { Logger } from 'pino';
import { isStoreUnavailable } from '../store/unavailable.ts';

/** Slack waits 3 s for an ack; past this the event is acked while its listeners go on. */
export const EVENT_ACK_BUDGET_MS = 2_000;
/** Slack sends an unacked event again three times (X-Slack-Retry-Num 1 to 3), over about five minutes. */
const LAST_RETRY = 3;

type ReceiverEvent = Parameters<App['processEvent']>[0];

/** Thrown by a listener for an event Slack should send again (see `slackSendsAgainOnFailure`). */
export class SendAgain extends Error {
  constructor(cause: unknown) {
    super('the event could not be taken now; Slack is to send it again', { cause });
    this.name = 'SendAgain';
  }
}

/** Whether the event being handled is still unacked, and Slack's last try (in this async context). */
const pending = new AsyncLocalStorage<{ acked: boolean; lastTry: boolean }>();

/**
 * True while a listener runs for an event that is not acked yet and that Slack will send again: failing now
 * (with SendAgain, or an error of an unreachable store) makes Slack send it again, so the failure need not be
 * answered.
 */
export function slackSendsAgainOnFailure(): boolean {
  const state = pending.getStore();
  return state !== undefined && !state.acked && !state.lastTry;
}

/** Makes `app` hold each event's ack until its listeners have settled (see above). */
export function holdEventAcks(app: App, logger: Logger, budgetMs = EVENT_ACK_BUDGET_MS): void {
  const process = app.processEvent.bind(app);
  app.processEvent = async (event: ReceiverEvent) => {
    if (!isHeldEvent(event.body)) return process(event);
    const state = { acked: false, lastTry: (event.retryNum ?? 0) >= LAST_RETRY };
    const ack = async () => {
      if (state.acked) return;
      state.acked = true;
      await event.ack();
    };
    const timer = setTimeout(() => {
      ack().catch((error: unknown) => logger.warn({ err: error }, 'acking a slow event failed'));
    }, budgetMs);
    try {
      // Bolt's own ack of the event, before the listeners, does nothing: the ack is this function's.
      await pending.run(state, () => process({ ...event, ack: async () => {} }));
    } catch (error) {
      clearTimeout(timer);
      const original = originalOf(error);
      if (!state.acked && !state.lastTry && (original instanceof SendAgain || isStoreUnavailable(original))) {
        const body = event.body as { event_id?: string; event?: { type?: string } };
        logger.warn(
          { eventId: body.event_id, type: body.event?.type, retryNum: event.retryNum },
          'an event could not be taken now (the database or Slack is not answering): not acked, so Slack sends it again',
        );
        throw error;
      }
      // Any other failure is the listener's to log; sending the event again would only repeat it.
      await ack();
      throw error;
    }
    clearTimeout(timer);
    await ack();
  };
}

/** An Events API delivery acked by Bolt itself (a function_executed event is acked by its listener). */
function isHeldEvent(body: ReceiverEvent['body']): boolean {
  const event = body.event as { type?: unknown } | undefined;
  return body.type === 'event_callback' && event?.type !== 'function_executed';
}

/** Bolt wraps an error without a `code` in an UnknownError keeping it as `original`. */
function originalOf(error: unknown): unknown {
  return (error as { original?: unknown } | undefined)?.original ?? error;
}

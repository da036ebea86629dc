// The answer when a request cannot be recorded because the database is away (restarted, cut off): the person
// is told to try again rather than left waiting for something that never started. The gate answers so for every
// interaction it admits (middleware.ts); events use `orBusy`, and when even that answer cannot be given, an
// event whose ack is still held (slack/event-ack.ts) fails instead, unacked, so that Slack sends it again: never
// an ack with nothing recorded and nobody told. Only unavailability is answered so; any other error goes on to
// Bolt's error handler as before.
import type { Logger } from 'pino';
import { SendAgain, slackSendsAgainOnFailure } from '../slack/event-ack.ts';
import { isStoreUnavailable } from '../store/unavailable.ts';

/** Said when a request could not be recorded (the database is unreachable): nothing was started. */
export const BUSY =
  'I could not take that right now (my database is not answering); nothing was started. Try again in a minute.';

/** Said for a button, a shortcut or a drop that could not be recorded: nothing changed. */
export const BUSY_NOTHING_CHANGED =
  'I could not take that right now (my database is not answering); nothing was changed. Try again in a minute.';

/** Runs `work`; when it fails because the store is unreachable, logs it and says `text` through `answer`. */
export async function orBusy(
  deps: { logger: Logger },
  what: string,
  work: () => Promise<void>,
  answer: (text: string) => Promise<unknown>,
  text = BUSY_NOTHING_CHANGED,
): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (!isStoreUnavailable(error)) throw error;
    deps.logger.error({ err: error }, `recording ${what} failed: the database is not answering`);
    // The answer goes to Slack directly (not through the outbox, which lives in the unreachable store).
    try {
      await answer(text);
    } catch (answerError) {
      deps.logger.warn({ err: answerError }, `the busy answer to ${what} failed`);
      if (slackSendsAgainOnFailure()) throw new SendAgain(error);
    }
  }
}

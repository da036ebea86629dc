// The dialogs that ask before minutes are spent or work is stopped (Retry, Stop, Cancel, Start again), as a
// person meets them in the fake Slack: the button opens one, its words are read, and it is confirmed or left.
import type { SlackMessage } from '@dubkit/slack-sandbox';
import { openModal, viewOf } from './review.ts';
import type { AppStage } from './stage.ts';

/** Presses the button and returns the dialog it opened (once it says what it costs) and its words. */
export async function askedFirst(
  stage: AppStage,
  input: { message: SlackMessage; actionId: string; user: string; callbackId: string },
): Promise<{ viewId: string; said: string }> {
  const viewId = await openModal(stage, input.message, input.actionId, input.user, input.callbackId);
  return { viewId, said: JSON.stringify(viewOf(stage, viewId).blocks) };
}

/** Presses the button, then confirms its dialog; returns what the dialog said. */
export async function confirmed(
  stage: AppStage,
  input: { message: SlackMessage; actionId: string; user: string; callbackId: string },
): Promise<string> {
  const { viewId, said } = await askedFirst(stage, input);
  await stage.driver.submitView({ viewId, user: input.user, values: {} });
  return said;
}

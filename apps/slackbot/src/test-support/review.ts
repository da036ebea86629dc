// The review modal as a person drives it in the fake Slack: a dubbed job to review, opening a modal with a button, the values a page
// leaves when some translations, speakers or remove boxes are changed, and a review saved with an edit.
import { byKind, type SlackMessage, waitFor } from '@dubkit/slack-sandbox';
import { REVIEW } from '../features/review/modal.ts';
import { RENDER_UI } from '../features/review/render-modal.ts';
import { THREAD_ACTIONS } from '../features/review/thread-blocks.ts';
import { WAIT_MS } from './people.ts';
import type { AppStage } from './stage.ts';
import { cardOf, jobIdOf } from './threads.ts';

// biome-ignore lint/suspicious/noExplicitAny: Block Kit JSON as the fake Slack holds it
type Loose = Record<string, any>;

/** A dubbed job: the card (thread root), its dubbed reply and the project behind it. */
export async function dubbedJob(stage: AppStage, channel: string, link: string, user = 'U0ANA') {
  await stage.driver.command({ channel, user, text: `${link} to es from en` });
  const card = await cardOf(stage, channel);
  const dubbed = await waitFor(
    () => {
      const thread = stage.slack.thread(channel, card.ts);
      const files = thread.flatMap((m) => m.files ?? []);
      return files.length === 2 ? byKind(thread, 'dubbed')[0] : undefined;
    },
    WAIT_MS,
    'the dubbed reply and its files',
  );
  const target = (await stage.app.store.targetsOf(jobIdOf(card)))[0]!;
  return { card, dubbed, target, projectId: target.projectId! };
}

/** Opens a modal with a button and returns its id once the app has put the given callback's view in it. */
export async function openModal(
  stage: AppStage,
  message: SlackMessage,
  actionId: string,
  user: string,
  callbackId: string,
) {
  const before = stage.slack.views.length;
  await stage.driver.click({ message, actionId, user });
  const opened = await waitFor(() => stage.slack.views[before], WAIT_MS, 'a modal');
  await waitFor(() => opened.view.callback_id === callbackId, WAIT_MS, `the ${callbackId} view`);
  return opened.id;
}

export const viewOf = (stage: AppStage, id: string) =>
  stage.slack.views.find((v) => v.id === id)!.view as Loose;

/**
 * The state a person leaves in the review modal's page: every input as shown, except `texts` (segment
 * number → new translation), `speakers` (number → speaker) and `remove` (numbers ticked).
 */
export function pageValues(
  view: Loose,
  change: { texts?: Record<number, string>; speakers?: Record<number, string>; remove?: number[] } = {},
) {
  const values: Record<string, Record<string, unknown>> = {};
  let number = 0;
  for (const block of view.blocks as Loose[]) {
    const heading = block.type === 'section' ? /^\*#(\d+)\*/.exec(block.text.text) : null;
    if (heading) number = Number(heading[1]);
    if (block.block_id?.startsWith(REVIEW.dstBlock)) {
      const value = change.texts?.[number] ?? block.element.initial_value ?? '';
      values[block.block_id] = { [REVIEW.dstAction]: { type: 'plain_text_input', value } };
    }
    if (block.block_id?.startsWith(REVIEW.metaBlock)) {
      const [select, boxes] = block.elements as Loose[];
      const speaker = change.speakers?.[number];
      const chosen = speaker
        ? { text: { type: 'plain_text', text: speaker }, value: speaker }
        : select!.initial_option;
      values[block.block_id] = {
        [REVIEW.speakerAction]: { type: 'static_select', selected_option: chosen ?? null },
        [REVIEW.removeAction]: {
          type: 'checkboxes',
          selected_options: change.remove?.includes(number) ? boxes!.options : (boxes!.initial_options ?? []),
        },
      };
    }
  }
  return values;
}

/** Reviews a dubbed reply's language and saves segment `number` translated as `text`; the review view's id. */
export async function saveEdit(
  stage: AppStage,
  message: SlackMessage,
  user: string,
  number: number,
  text: string,
) {
  const viewId = await openModal(stage, message, THREAD_ACTIONS.review, user, REVIEW.callbackId);
  await stage.driver.submitView({
    viewId,
    user,
    values: pageValues(viewOf(stage, viewId), { texts: { [number]: text } }),
  });
  await waitFor(
    () => JSON.stringify(viewOf(stage, viewId).blocks).includes('Saved'),
    WAIT_MS,
    'the saved review',
  );
  return viewId;
}

/** Presses Render again on a message, waits for its price in the dialog, confirms; returns the dialog's id and text. */
export async function confirmRender(stage: AppStage, message: SlackMessage, user: string) {
  const viewId = await openModal(stage, message, THREAD_ACTIONS.render, user, RENDER_UI.callbackId);
  const price = JSON.stringify(viewOf(stage, viewId).blocks);
  await stage.driver.submitView({ viewId, user, values: {} });
  await waitFor(
    () => viewOf(stage, viewId).callback_id !== RENDER_UI.callbackId,
    WAIT_MS,
    'the render asked',
  );
  await waitFor(
    () => !JSON.stringify(viewOf(stage, viewId).blocks).includes('⏳'),
    WAIT_MS,
    'the render’s outcome',
  );
  return { viewId, price };
}

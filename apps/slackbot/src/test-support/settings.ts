// The settings dialog and the answers a person gets, as e2e tests drive them in the fake Slack.
import { waitFor } from '@dubkit/slack-sandbox';
import { expect } from 'vitest';
import { SETTINGS_UI } from '../features/settings/blocks.ts';
import { WAIT_MS } from './people.ts';
import type { AppStage } from './stage.ts';

/** `/dub settings` in `channel` by `user`, submitted with `values`; the dialog and the HTTP answer. */
export async function submitSettings(
  stage: AppStage,
  channel: string,
  user: string,
  values: Record<string, Record<string, unknown>>,
) {
  const before = stage.slack.views.length;
  await stage.driver.command({ channel, user, text: 'settings' });
  const modal = await waitFor(() => stage.slack.views[before], WAIT_MS, 'the settings dialog');
  expect(modal.view.callback_id).toBe(SETTINGS_UI.callbackId);
  // The app records the dialog as the person's once Slack has opened it: nobody can submit it sooner.
  await waitFor(() => stage.app.store.modalGrant(modal.id), WAIT_MS, 'the dialog recorded as theirs');
  return { modal, answer: await stage.driver.submitView({ viewId: modal.id, user, values }) };
}

/** The next ephemeral `user` gets in `channel`, after what they had. */
export async function nextEphemeral(
  stage: AppStage,
  channel: string,
  user: string,
  act: () => Promise<unknown>,
) {
  const mine = () => stage.slack.ephemerals.filter((e) => e.channel === channel && e.user === user);
  const before = mine().length;
  await act();
  return waitFor(() => mine()[before], WAIT_MS, `an answer to ${user}`);
}

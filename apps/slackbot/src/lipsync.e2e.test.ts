// End to end over real HTTP (real Bolt app, fake Slack, emulator, SQLite store): lip-sync on a dubbed
// language with faces (the dialog's answer sent, free minutes used, progress in the status message, the
// video as a reply) and on a video without a face (explained, not an error).
import { DubbingClient } from '@dubkit/core';
import { byKind, keyOf, type SlackMessage, waitFor } from '@dubkit/slack-sandbox';
import { beforeAll, describe, expect, it } from 'vitest';
import { LIPSYNC_UI } from './features/lipsync/blocks.ts';
import { type AppStage, useStage } from './test-support/stage.ts';
import { THREAD_ACTIONS } from './ui/thread-actions.ts';

const ANA = 'U0ANA';
const WAIT_MS = 25_000;
const TEST_MS = 60_000;

async function dubbed(stage: AppStage, channel: string, link: string) {
  await stage.driver.command({ channel, user: ANA, text: `${link} to es from en` });
  const card = await waitFor(
    () => stage.slack.messages.find((m) => m.channel === channel && keyOf(m).startsWith('card:')),
    WAIT_MS,
    'the card',
  );
  const reply = await waitFor(
    () => byKind(stage.slack.thread(channel, card.ts), 'dubbed')[0],
    WAIT_MS,
    'the dub',
  );
  return { card, reply };
}

async function askLipsync(stage: AppStage, reply: SlackMessage, faces: string) {
  const before = stage.slack.views.length;
  await stage.driver.click({ message: reply, actionId: THREAD_ACTIONS.lipsync, user: ANA });
  const modal = await waitFor(() => stage.slack.views[before], WAIT_MS, 'the faces dialog');
  expect(modal.view.callback_id).toBe(LIPSYNC_UI.callbackId);
  await stage.driver.submitView({
    viewId: modal.id,
    user: ANA,
    values: {
      [LIPSYNC_UI.facesBlock]: {
        [LIPSYNC_UI.facesAction]: { type: 'radio_buttons', selected_option: { value: faces } },
      },
    },
  });
}

describe('lip-sync, end to end', () => {
  const stage = useStage({ speed: 150 });
  let service: DubbingClient;
  beforeAll(() => {
    service = new DubbingClient({ baseUrl: stage.serviceUrl, token: stage.serviceToken });
  });

  it(
    'checks for faces, lip-syncs with free minutes, shows progress, and posts the video',
    async () => {
      const channel = 'C16LIPSYNC';
      const { card, reply } = await dubbed(stage, channel, 'https://vimeo.com/face-to-camera');
      const freeBefore = (await service.credits.get()).lipsync_free_minutes.used;
      await askLipsync(stage, reply, LIPSYNC_UI.several);
      const done = await waitFor(
        () => byKind(stage.slack.thread(channel, card.ts), 'lipsynced')[0],
        WAIT_MS,
        'the lip-synced reply',
      );
      const project = (await stage.app.store.targetsOf(keyOf(card).slice('card:'.length)))[0]!.projectId!;
      const info = await service.lipsync.get(project);
      expect(info.lipsync_task_status).toBe('done');
      expect(JSON.stringify(done.blocks)).toContain(`<${info.lipsync_result_path}|▶ Lip-synced video>`);
      expect(JSON.stringify(done.blocks)).toContain('free lip-sync minutes used');
      expect((await service.credits.get()).lipsync_free_minutes.used).toBeGreaterThan(freeBefore);
      const status = byKind(stage.slack.thread(channel, card.ts), 'status')[0]!;
      const texts = status.history.map((h) => h.text);
      expect(texts.some((t) => /^Spanish: Lip-syncing \(\d+%\)$/.test(t))).toBe(true);
      expect(status.text).toBe('Spanish: dubbed');
    },
    TEST_MS,
  );

  it(
    'explains a video without a face instead of failing',
    async () => {
      const channel = 'C17NOFACE';
      const { card, reply } = await dubbed(stage, channel, 'https://vimeo.com/noface-slides');
      await askLipsync(stage, reply, LIPSYNC_UI.one);
      const noFace = await waitFor(
        () => byKind(stage.slack.thread(channel, card.ts), 'noface')[0],
        WAIT_MS,
        'the explanation',
      );
      expect(noFace.text).toBe('Spanish: no face to lip-sync');
      expect(JSON.stringify(noFace.blocks)).toContain('No face was found in the video');
      expect(byKind(stage.slack.thread(channel, card.ts), 'lipsyncfailed')).toHaveLength(0);
      expect(byKind(stage.slack.thread(channel, card.ts), 'status')[0]!.text).toBe('Spanish: dubbed');
    },
    TEST_MS,
  );
});

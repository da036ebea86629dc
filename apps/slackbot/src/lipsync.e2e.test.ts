// End to end over real HTTP (real Bolt app, fake Slack, emulator, SQLite store): lip-sync on a dubbed
// language with faces (the dialog's answers sent: the full video by default, from paid minutes, although free
// minutes are left; the free preview only when picked, from free minutes; progress in the status message; the
// video as a reply saying which kind) and on a video without a face (explained, not an error).
import { DubbingClient } from '@dubkit/core';
import { byKind, type SlackMessage, waitFor } from '@dubkit/slack-sandbox';
import { beforeAll, describe, expect, it } from 'vitest';
import { APPROVAL_ACTIONS } from './features/approval/blocks.ts';
import { LIPSYNC_UI } from './features/lipsync/blocks.ts';
import { ANA, LONG_WAIT_MS } from './test-support/people.ts';
import { qaOff } from './test-support/qa.ts';
import { type AppStage, useStage } from './test-support/stage.ts';
import { cardOf, jobIdOf } from './test-support/threads.ts';

// biome-ignore lint/suspicious/noExplicitAny: Block Kit JSON as the fake Slack holds it
type Loose = Record<string, any>;
const TEST_MS = 60_000;

async function dubbed(stage: AppStage, channel: string, link: string) {
  await stage.driver.command({ channel, user: ANA, text: `${link} to es from en` });
  const card = await cardOf(stage, channel);
  const reply = await waitFor(
    () => byKind(stage.slack.thread(channel, card.ts), 'dubbed')[0],
    LONG_WAIT_MS,
    'the dub',
  );
  return { card, reply };
}

/**
 * Opens the lip-sync dialog and submits it with `faces`, and the kind of lip-sync `kind` (as the dialog left
 * it when not given); returns the dialog as it was shown.
 */
async function askLipsync(stage: AppStage, reply: SlackMessage, faces: string, kind?: string) {
  const before = stage.slack.views.length;
  await stage.driver.click({ message: reply, actionId: LIPSYNC_UI.open, user: ANA });
  const modal = await waitFor(() => stage.slack.views[before], LONG_WAIT_MS, 'the lip-sync dialog');
  // A notice first (the trigger expires in 3 s), then the dialog with the choices read from the service.
  await waitFor(() => modal.view.callback_id === LIPSYNC_UI.callbackId, LONG_WAIT_MS, 'the choices');
  const shown = modal.view as Loose;
  const kinds = shown.blocks.find((b: Loose) => b.block_id === LIPSYNC_UI.kindBlock).element;
  await stage.driver.submitView({
    viewId: modal.id,
    user: ANA,
    values: {
      [LIPSYNC_UI.kindBlock]: {
        [LIPSYNC_UI.kindAction]: {
          type: 'radio_buttons',
          selected_option: kind ? { value: kind } : kinds.initial_option,
        },
      },
      [LIPSYNC_UI.facesBlock]: {
        [LIPSYNC_UI.facesAction]: { type: 'radio_buttons', selected_option: { value: faces } },
      },
    },
  });
  return shown;
}

describe('lip-sync, end to end', () => {
  const stage = useStage({ speed: 150 });
  let service: DubbingClient;
  beforeAll(() => {
    service = new DubbingClient({ baseUrl: stage.serviceUrl, token: stage.serviceToken });
  });

  it(
    'checks for faces, lip-syncs the full video by default from paid minutes, shows progress, and posts it',
    async () => {
      const channel = 'C16LIPSYNC';
      const { card, reply } = await dubbed(stage, channel, 'https://vimeo.com/face-to-camera');
      const project = (await stage.app.store.targetsOf(jobIdOf(card)))[0]!.projectId!;
      const minutes = Math.ceil((await service.projects.get(project)).duration! / 60);
      const before = await service.credits.get();
      expect(before.lipsync_free_minutes.total - before.lipsync_free_minutes.used).toBeGreaterThan(minutes);
      const dialog = await askLipsync(stage, reply, LIPSYNC_UI.several);
      // Free minutes would cover this video, and still the full lip-sync is the default, with its price.
      expect(JSON.stringify(dialog.blocks)).toContain(`Full lip-sync (uses ${minutes} paid minute`);
      expect(JSON.stringify(dialog.blocks)).toContain('Free preview (first minute, uses free minutes)');
      const done = await waitFor(
        () => byKind(stage.slack.thread(channel, card.ts), 'lipsynced')[0],
        LONG_WAIT_MS,
        'the lip-synced reply',
      );
      const info = await service.lipsync.get(project);
      expect(info.lipsync_task_status).toBe('done');
      expect(info.lipsync_result_path).not.toMatch(/preview/);
      expect(done.text).toBe('Spanish lip-synced video ready');
      expect(JSON.stringify(done.blocks)).toContain(`<${info.lipsync_result_path}|▶ Lip-synced video>`);
      expect(JSON.stringify(done.blocks)).toContain('full lip-sync');
      const after = await service.credits.get();
      expect(after.lipsync_free_minutes.used).toBe(before.lipsync_free_minutes.used);
      expect(after.minutes.used).toBe(before.minutes.used + minutes);
      const status = byKind(stage.slack.thread(channel, card.ts), 'status')[0]!;
      const texts = status.history.map((h) => h.text);
      expect(texts.some((t) => /^Spanish: Lip-syncing \(\d+%\)$/.test(t))).toBe(true);
      // The outbox makes new posts before edits: the status message's last edit may follow the reply.
      await waitFor(
        () => status.text === 'Spanish: dubbed',
        LONG_WAIT_MS,
        'the status message to read dubbed',
      );
    },
    TEST_MS,
  );

  it(
    'keeps “Approved by” in the status message through a lip-sync, which reads as drawn from the store',
    async () => {
      const channel = 'C19APPROVED';
      // QA off: Approve approves at once, without asking about open QA flags.
      await qaOff(stage, channel);
      const { card, reply } = await dubbed(stage, channel, 'https://vimeo.com/face-approved');
      await stage.drained(jobIdOf(card));
      await stage.driver.click({ message: reply, actionId: APPROVAL_ACTIONS.approve, user: ANA });
      const status = byKind(stage.slack.thread(channel, card.ts), 'status')[0]!;
      await waitFor(
        () => status.text.includes('approved by'),
        LONG_WAIT_MS,
        'the approval in the status message',
      );
      const approvedAt = status.history.length;
      await askLipsync(stage, reply, LIPSYNC_UI.one, LIPSYNC_UI.preview);
      await waitFor(
        () => byKind(stage.slack.thread(channel, card.ts), 'lipsynced')[0],
        LONG_WAIT_MS,
        'the lip-synced reply',
      );
      await stage.drained(jobIdOf(card));
      // Every edit since the approval, the lip-sync's progress among them, still says who approved it.
      const since = [...status.history.slice(approvedAt), status];
      expect(since.some((h) => /Lip-syncing/.test(h.text))).toBe(true);
      for (const edit of since) expect(JSON.stringify(edit.blocks)).toContain(`approved by <@${ANA}>`);
      // And the message as it stands is the one function's drawing of what the store holds.
      const [target] = await stage.app.store.targetsOf(jobIdOf(card));
      const drawn = (await stage.app.drawer.status(target!.id, Date.now()))!.payload as {
        text: string;
        blocks: unknown[];
      };
      expect(status.text).toBe(drawn.text);
      expect(status.blocks).toEqual(drawn.blocks);
    },
    TEST_MS,
  );

  it(
    'gives the free preview only when it is picked, from free minutes, and says so',
    async () => {
      const channel = 'C18PREVIEW';
      const { card, reply } = await dubbed(stage, channel, 'https://vimeo.com/face-preview');
      const before = await service.credits.get();
      await askLipsync(stage, reply, LIPSYNC_UI.one, LIPSYNC_UI.preview);
      const done = await waitFor(
        () => byKind(stage.slack.thread(channel, card.ts), 'lipsynced')[0],
        LONG_WAIT_MS,
        'the preview',
      );
      const project = (await stage.app.store.targetsOf(jobIdOf(card)))[0]!.projectId!;
      const info = await service.lipsync.get(project);
      expect(info.lipsync_result_path).toMatch(/lipsync_preview\./);
      expect(done.text).toBe('Spanish lip-sync preview ready (first minute)');
      expect(JSON.stringify(done.blocks)).toContain(`<${info.lipsync_result_path}|▶ Lip-sync preview>`);
      const after = await service.credits.get();
      expect(after.lipsync_free_minutes.used).toBe(before.lipsync_free_minutes.used + 1);
      expect(after.minutes.used).toBe(before.minutes.used);
      const status = byKind(stage.slack.thread(channel, card.ts), 'status')[0]!;
      expect(status.history.some((h) => h.text.startsWith('Spanish: Lip-syncing (free preview)'))).toBe(true);
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
        LONG_WAIT_MS,
        'the explanation',
      );
      expect(noFace.text).toBe('Spanish: no face to lip-sync');
      expect(JSON.stringify(noFace.blocks)).toContain('No face was found in the video');
      expect(byKind(stage.slack.thread(channel, card.ts), 'lipsyncfailed')).toHaveLength(0);
      const status = byKind(stage.slack.thread(channel, card.ts), 'status')[0]!;
      await waitFor(
        () => status.text === 'Spanish: dubbed',
        LONG_WAIT_MS,
        'the status message to read dubbed',
      );
    },
    TEST_MS,
  );
});

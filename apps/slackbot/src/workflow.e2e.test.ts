// End to end over real HTTP (real Bolt app, fake Slack, emulator, SQLite store): a workflow reaches the
// "Dub a video" step, and the step opens the usual job card in its channel, started at once; it is completed
// with one dubbed video link, one subtitle file and one approver per language, and the thread's link — after
// the approvers' Approve when it waits for approval — or failed with a reason the workflow's builder can act
// on: a video the service refuses, too few minutes, a channel the app is not in. A redelivered run opens one
// job, and a completion is only taken with the run's own token.
import { readFileSync } from 'node:fs';
import { DubbingClient } from '@dubkit/core';
import {
  byKind,
  functionExecutedEvent,
  keyOf,
  runWorkflowStep,
  type SlackMessage,
  type StepExecution,
  waitFor,
} from '@dubkit/slack-sandbox';
import { describe, expect, it } from 'vitest';
import { APPROVAL_ACTIONS } from './features/approval/blocks.ts';
import { DUB_VIDEO_STEP } from './features/workflow/inputs.ts';
import { ANA, BEN, WAIT_MS } from './test-support/people.ts';
import { qaOff } from './test-support/qa.ts';
import { type AppStage, useStage } from './test-support/stage.ts';
import { jobIdOf, waitForDubs } from './test-support/threads.ts';

const TEST_MS = 60_000;
/** A short real video (the emulator reads its length). */
const TALK = new Uint8Array(readFileSync(new URL('../fixtures/talk.mp4', import.meta.url)));

/** The step's run, once Slack has its end (completed or failed). */
function ended(execution: StepExecution): Promise<StepExecution> {
  return waitFor(
    () => (execution.state === 'running' ? undefined : execution),
    WAIT_MS,
    `workflow step ${execution.id} ended`,
  );
}

/** The card the step posted at the channel's top level (it opens the job's thread). */
function cardIn(stage: AppStage, channel: string): Promise<SlackMessage> {
  return waitFor(
    () => stage.slack.messages.find((m) => m.channel === channel && keyOf(m).startsWith('card:')),
    WAIT_MS,
    'the job card',
  );
}

function run(stage: AppStage, inputs: Record<string, unknown>) {
  return runWorkflowStep(stage, { callbackId: DUB_VIDEO_STEP, inputs });
}

describe('the "Dub a video" Workflow Builder step, end to end', () => {
  const stage = useStage({ speed: 100 });

  it(
    'dubs two languages and hands their videos, subtitle files and thread to the next step',
    async () => {
      const channel = 'C39WFTWO';
      const { execution, response } = await run(stage, {
        video: 'https://vimeo.com/weekly-update',
        languages: ['es', 'de'],
        channel,
      });
      expect(response.status).toBe(200);
      const card = await cardIn(stage, channel);
      // Started at once: nobody is asked to press Start.
      expect(JSON.stringify(card.blocks)).not.toContain('"Start"');
      await waitForDubs(stage, channel, card.ts, 2);
      // The minutes the languages use, once the service has the video's length.
      expect(JSON.stringify(card.blocks)).toMatch(/uses \d+ minutes?/);
      const done = await ended(execution);
      expect(done.state).toBe('completed');
      const outputs = done.outputs as Record<string, string[] | string>;
      const videos = outputs.dubbed_videos as string[];
      expect(videos).toHaveLength(2);
      for (const link of videos) expect(link).toMatch(new RegExp(`^${stage.serviceUrl}/files/projects/`));
      const files = outputs.subtitle_files as string[];
      expect(files).toHaveLength(2);
      for (const id of files) expect(stage.slack.files.get(id)?.channels).toContain(channel);
      // In the order of `languages`: Spanish's file, then German's.
      expect(stage.slack.files.get(files[0]!)?.name).toMatch(/\.es\.srt$/);
      expect(stage.slack.files.get(files[1]!)?.name).toMatch(/\.de\.srt$/);
      expect(outputs.approved_by).toEqual(['', '']);
      expect(outputs.thread).toBe(`${stage.slack.url}/archives/${channel}/p${card.ts.replace('.', '')}`);
      // One completion, made with the run's token.
      expect(done.calls).toEqual([{ method: 'functions.completeSuccess', accepted: true }]);
    },
    TEST_MS,
  );

  it(
    'with wait_for_approval, completes only once an approver pressed Approve on every language',
    async () => {
      const channel = 'C39WFAPPROVE';
      await qaOff(stage, channel);
      const { execution } = await run(stage, {
        video: 'https://vimeo.com/course-module',
        languages: ['fr', 'es'],
        channel,
        approvers: [ANA],
        wait_for_approval: true,
      });
      const card = await cardIn(stage, channel);
      const thread = await waitForDubs(stage, channel, card.ts, 2);
      const reply = (lang: string) => byKind(thread, 'dubbed').find((m) => m.text.startsWith(lang))!;
      // The thread says who the workflow waits for.
      const notice = await waitFor(
        () => stage.slack.thread(channel, card.ts).find((m) => keyOf(m).startsWith('workflow-approval:')),
        WAIT_MS,
        'the approval notice',
      );
      expect(notice.text).toContain(`<@${ANA}>`);
      // Ben is no approver of this step: his Approve is refused, and nothing is recorded.
      await stage.driver.click({ message: reply('French'), actionId: APPROVAL_ACTIONS.approve, user: BEN });
      const refused = await waitFor(
        () => stage.slack.ephemerals.find((e) => e.channel === channel && e.user === BEN),
        WAIT_MS,
        'Ben told he is no approver',
      );
      expect(refused.text).toBe(
        `⛔ The workflow that started this dub asks <@${ANA}> to approve it. Nothing was done.`,
      );
      await stage.driver.click({ message: reply('Spanish'), actionId: APPROVAL_ACTIONS.approve, user: ANA });
      await waitFor(
        async () => (await stage.app.store.approvalsOf(await targetIds(stage, card))).length === 1,
        WAIT_MS,
        'Spanish approved',
      );
      // The runner looks every second: two looks later, French still waits, and so does the workflow.
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      expect(execution.state).toBe('running');
      await stage.driver.click({ message: reply('French'), actionId: APPROVAL_ACTIONS.approve, user: ANA });
      const done = await ended(execution);
      expect(done.state).toBe('completed');
      expect(done.outputs?.approved_by).toEqual([ANA, ANA]);
    },
    TEST_MS,
  );

  it(
    'fails with the reason when the service refuses the video',
    async () => {
      const channel = 'C39WFREFUSED';
      // Not a host the emulator may fetch from (it has no internet): refused when the media is created.
      const { execution } = await run(stage, {
        video: 'https://videos.example.org/talk.mp4',
        languages: ['es'],
        channel,
      });
      const done = await ended(execution);
      expect(done.state).toBe('failed');
      expect(done.error).toMatch(/^The dubbing service refused the video: .+\. Give the step a link/);
    },
    TEST_MS,
  );

  it(
    'fails with the reason when the account has too few minutes, and creates nothing',
    async () => {
      const channel = 'C39WFSHORT';
      const service = new DubbingClient({ baseUrl: stage.serviceUrl, token: stage.serviceToken });
      const credits = await service.credits.get();
      stage.emulator.setCredits('default', { minutes: credits.minutes.used });
      try {
        const { execution } = await run(stage, {
          video: 'https://vimeo.com/too-long-for-the-account',
          languages: ['es', 'de'],
          channel,
        });
        const done = await ended(execution);
        expect(done.state).toBe('failed');
        expect(done.error).toBe(
          'Not enough minutes left on the account to dub this video into Spanish, German: add minutes to the account, or give the step fewer languages, then run the workflow again.',
        );
        const card = await cardIn(stage, channel);
        const targets = await stage.app.store.targetsOf(jobIdOf(card));
        expect(targets.every((t) => t.projectId === null)).toBe(true);
      } finally {
        stage.emulator.setCredits('default', { minutes: credits.minutes.total });
      }
    },
    TEST_MS,
  );

  it(
    'fails with the reason when every language failed',
    async () => {
      stage.emulator.faults.set({ failStage: 'translation' });
      try {
        const { execution } = await run(stage, {
          video: 'https://vimeo.com/untranslatable',
          languages: ['es', 'it'],
          channel: 'C39WFALLFAILED',
        });
        const done = await ended(execution);
        expect(done.error).toBe(
          'Every language failed (Spanish, Italian): the replies in the dub’s thread say why.',
        );
      } finally {
        stage.emulator.faults.clear();
      }
    },
    TEST_MS,
  );

  it(
    'fails at once, naming the input, when the inputs cannot open a dub; and when the app is not in the channel',
    async () => {
      const wrong = await run(stage, {
        video: 'https://vimeo.com/x',
        languages: ['xx'],
        channel: 'C39WFBAD',
      });
      expect((await ended(wrong.execution)).error).toMatch(
        /^The step’s “Languages” input: "xx" is not a language/,
      );
      stage.slack.outsideOf.add('C39WFOUT');
      const outside = await run(stage, {
        video: 'https://vimeo.com/nowhere',
        languages: ['es'],
        channel: 'C39WFOUT',
      });
      const done = await ended(outside.execution);
      expect(done.error).toMatch(/^dubkit cannot post in <#C39WFOUT>: .*\/invite @dubkit/);
      expect(stage.slack.messages.filter((m) => m.channel === 'C39WFOUT')).toEqual([]);
    },
    TEST_MS,
  );

  it(
    'fails with the reason when Slack refuses the replies once the card is out (the app removed from the channel)',
    async () => {
      const channel = 'C39WFREMOVED';
      // From the card on, Slack refuses every post: the app was removed from the channel.
      const removed = { method: 'chat.postMessage', times: 1_000, error: 'not_in_channel' };
      const onCard = (m: SlackMessage) => {
        if (m.channel === channel && keyOf(m).startsWith('card:')) stage.slack.faults.refusals.push(removed);
      };
      stage.slack.on('message', onCard);
      try {
        const { execution } = await run(stage, {
          video: 'https://vimeo.com/removed',
          languages: ['es'],
          channel,
        });
        const done = await ended(execution);
        expect(done.state).toBe('failed');
        expect(done.error).toBe(
          `The dubs are made, but Slack refused dubkit’s replies in <#${channel}>: dubkit may have been removed from the channel. Invite it there with /invite @dubkit, then run the workflow again.`,
        );
      } finally {
        stage.slack.off('message', onCard);
        removed.times = 0;
      }
    },
    TEST_MS,
  );

  it(
    'dubs a video file shared in the step’s channel, by its id; a file shared elsewhere fails the run',
    async () => {
      const channel = 'C39WFFILE';
      const video = () =>
        stage.slack.addFile({
          name: 'all-hands.mp4',
          mimetype: 'video/mp4',
          content: TALK,
          user: ANA,
        });
      const shared = video();
      stage.slack.postUserMessage({ channel, user: ANA, text: 'this week’s all-hands', files: [shared] });
      const { execution } = await run(stage, { video: shared.id, languages: ['es'], channel });
      const done = await ended(execution);
      expect(done.error).toBeUndefined();
      expect(done.state).toBe('completed');
      expect(stage.slack.downloads.get(shared.id)).toBe(1);
      const card = await cardIn(stage, channel);
      expect(card.text).toContain('all-hands.mp4');

      const elsewhere = video();
      stage.slack.postUserMessage({ channel: 'C39WFOTHER', user: ANA, text: 'not here', files: [elsewhere] });
      const refused = await ended(
        (await run(stage, { video: elsewhere.id, languages: ['es'], channel })).execution,
      );
      expect(refused.error).toBe(
        `The step’s “Video” input names a file that is not shared in <#${channel}>: share it there, or give the step a link.`,
      );
      expect(stage.slack.downloads.get(elsewhere.id)).toBeUndefined();
    },
    TEST_MS,
  );

  it(
    'starts one job for a run Slack sends twice',
    async () => {
      const channel = 'C39WFTWICE';
      const first = await run(stage, { video: 'https://vimeo.com/twice', languages: ['es'], channel });
      // Slack's redelivery (same event, retry 1), then the same run in a new event.
      await runWorkflowStep(stage, { again: first.execution, eventId: first.eventId });
      await runWorkflowStep(stage, { again: first.execution, eventId: 'Ev39ANOTHER' });
      const done = await ended(first.execution);
      expect(done.state).toBe('completed');
      await stage.drained(jobIdOf(await cardIn(stage, channel)));
      const cards = stage.slack.messages.filter((m) => m.channel === channel && keyOf(m).startsWith('card:'));
      expect(cards).toHaveLength(1);
      expect(done.calls).toHaveLength(1);
    },
    TEST_MS,
  );

  it(
    'refuses a run without its execution id or token, or of a step the app does not have, and opens nothing',
    async () => {
      const channel = 'C39WFFORGED';
      const inputs = { video: 'https://vimeo.com/forged', languages: ['es'], channel };
      const real = stage.slack.workflows.run(DUB_VIDEO_STEP, inputs);
      const event = functionExecutedEvent(real, stage.slack.appId);
      // Bolt itself answers 500 to a run without an execution id, before any listener: nothing runs either way.
      for (const forged of [
        { ...event, bot_access_token: undefined },
        { ...event, function_execution_id: undefined },
        { ...event, function: { ...(event.function as object), callback_id: 'delete_everything' } },
      ])
        await stage.driver.event(forged);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(await stage.app.store.getStep(real.id)).toBeUndefined();
      expect(await stage.app.store.jobByTrigger(`wf:${real.id}`)).toBeUndefined();
      expect(stage.slack.messages.filter((m) => m.channel === channel)).toEqual([]);
      expect(real.state).toBe('running');
    },
    TEST_MS,
  );

  it(
    'refuses a completion made with any token but the run’s own, as Slack does',
    async () => {
      const { execution } = await run(stage, {
        video: 'https://vimeo.com/x',
        languages: ['xx'],
        channel: 'C39WFTOKEN',
      });
      await ended(execution);
      const call = (token: string, id: string) =>
        fetch(`${stage.slack.apiUrl}functions.completeSuccess`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ function_execution_id: id, outputs: {} }),
        }).then((r) => r.json());
      const open = stage.slack.workflows.run(DUB_VIDEO_STEP, {});
      expect(await call(stage.env.SLACK_BOT_TOKEN!, open.id)).toEqual({ ok: false, error: 'invalid_auth' });
      expect(await call(execution.token, open.id)).toEqual({ ok: false, error: 'invalid_auth' });
      // Ended: its token no longer ends anything.
      expect(await call(execution.token, execution.id)).toEqual({ ok: false, error: 'token_expired' });
      expect(await call(open.token, open.id)).toEqual({ ok: true });
    },
    TEST_MS,
  );
});

describe('the "Dub a video" step in Socket Mode', () => {
  const stage = useStage({ speed: 100, mode: 'socket' });

  it(
    'takes function_executed as an envelope, acks it once recorded, and completes the run',
    async () => {
      const channel = 'C39WFSOCKET';
      const { execution, response } = await run(stage, {
        video: 'https://vimeo.com/over-the-socket',
        languages: ['pt-br'],
        channel,
      });
      expect(response.status).toBe(200);
      const envelope = stage.slack.socketMode.envelopes.find(
        (e) => (e.envelope.payload as { event?: { type?: string } }).event?.type === 'function_executed',
      );
      expect(envelope?.ack).toBeDefined();
      const done = await ended(execution);
      expect(done.state).toBe('completed');
      expect(done.outputs?.subtitle_files).toEqual([expect.stringMatching(/^F/)]);
      expect(await stage.app.store.jobByTrigger(`wf:${execution.id}`)).toMatchObject({ channel });
    },
    TEST_MS,
  );
});

async function targetIds(stage: AppStage, card: SlackMessage): Promise<string[]> {
  return (await stage.app.store.targetsOf(jobIdOf(card))).map((t) => t.id);
}

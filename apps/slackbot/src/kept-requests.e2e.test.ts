// A modal submitted while Slack cannot say who is in its channel is not dropped (issue 35): the app keeps it,
// answers at once that it will be done, and does it once Slack answers again. Over real HTTP against the real
// app: the message shortcut's modal is opened, Slack reports a change of the channel's members (so the app
// asks again), then answers conversations.members with 429 and 500 for 2.5 s while the modal is submitted.
import { byKind, waitFor } from '@dubkit/slack-sandbox';
import { describe, expect, it } from 'vitest';
import { KEPT } from './access/middleware.ts';
import { useStage } from './test-support/stage.ts';
import { waitForDubs } from './test-support/threads.ts';

const USER = 'U0KEPT';
const CHANNEL = 'C9KEPT';

describe('a submission Slack cannot check', { timeout: 60_000 }, () => {
  const stage = useStage({ speed: 40 });

  it('is kept, answered at once that it will be done, and done once Slack answers', async () => {
    const message = stage.slack.postUserMessage({
      channel: CHANNEL,
      user: USER,
      text: 'final cut <https://vimeo.com/353535>',
    });
    await stage.driver.messageShortcut({ message, user: USER });
    const view = await waitFor(
      () => stage.slack.views.find((v) => v.view.callback_id === 'dub_modal'),
      20_000,
      'the modal',
    );
    const jobId = String(view.view.private_metadata);
    const joined = await stage.driver.event({
      type: 'member_joined_channel',
      user: 'U0NEW',
      channel: CHANNEL,
    });
    expect(joined.status).toBe(200);
    const outage = {
      methods: ['conversations.members'],
      until: Date.now() + 2_500,
      retryAfterSeconds: 1,
    };
    stage.slack.faults.outages.push(outage);

    const asked = Date.now();
    const answer = await stage.driver.submitView({
      viewId: view.id,
      user: USER,
      values: { job_dst: { job_dst: { type: 'multi_static_select', selected_options: [{ value: 'it' }] } } },
    });
    expect(Date.now() - asked).toBeLessThan(3_000);
    expect(JSON.parse(answer.body)).toMatchObject({ response_action: 'update' });
    expect(answer.body).toContain(KEPT.slice(0, 40));
    expect(outage).toMatchObject({ served: expect.any(Number) });
    expect((await stage.app.store.getJob(jobId))?.state).toBe('picking');

    const thread = await waitForDubs(stage, CHANNEL, message.ts, 1);
    expect(JSON.stringify(byKind(thread, 'card')[0]?.blocks)).toMatch(/🇮🇹 Italian — /);
    expect(await stage.app.store.dueRequests(Number.MAX_SAFE_INTEGER, 10)).toEqual([]);
  });
});

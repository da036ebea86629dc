// The rule of a job card's pickers: the job comes from the picker's block (a select carries no value), and is
// checked like a button's — on the job's own messages, in its channel and thread. The click's channel is
// Slack's word (it signs it), so Slack is never asked who is in the channel.
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { jobOfPickerBlock } from '../features/dub/card-blocks.ts';
import { jobRecord } from '../test-support/jobs.ts';
import { Access } from './access.ts';
import { type Payload, rules } from './rules.ts';

const picker = rules.jobPicker(jobOfPickerBlock);
const job = jobRecord({ id: 'j1', channel: 'C1', threadTs: '1.0' });
const access = new Access({
  store: {} as never,
  membership: {
    isMember: async (): Promise<boolean> => {
      throw new Error('Slack was asked about membership');
    },
  },
  slack: { directMessageWith: async () => undefined },
  admins: [],
  logger: pino({ level: 'silent' }),
});
const context = {
  access,
  store: {
    getJob: async (id: string) => (id === job.id ? job : undefined),
    getTarget: async () => undefined,
    deliveriesOf: async () => [],
    deliveredRenders: async () => [],
  },
};

/** A change of the card's languages as Slack sends it, with what differs from the card's own. */
const ticked = (
  over: { user?: string; channel?: string; threadTs?: string; blockId?: string } = {},
): Payload => {
  const channel = over.channel ?? 'C1';
  return {
    type: 'block_actions',
    user: { id: over.user ?? 'U1' },
    channel: { id: channel },
    container: { type: 'message', channel_id: channel, message_ts: '1.5' },
    message: { ts: '1.5', thread_ts: over.threadTs ?? '1.0' },
    actions: [{ action_id: 'job_dst', block_id: over.blockId ?? 'job_dst:j1', type: 'multi_static_select' }],
  };
};

describe('a job card’s picker', () => {
  it('names its job by its block, for whoever Slack shows the job’s thread to, without asking Slack', async () => {
    expect(await picker.check(ticked(), context)).toMatchObject({ ok: true, subject: job });
    expect(await picker.check(ticked({ user: 'U2' }), context)).toMatchObject({
      ok: true,
      actor: { user: 'U2', channel: 'C1', threadTs: '1.0' },
    });
    expect(await picker.check(ticked({ blockId: 'job_src:j1' }), context)).toMatchObject({
      ok: true,
    });
  });

  it('is refused from another channel or thread, with no user, or naming no job', async () => {
    for (const payload of [
      ticked({ channel: 'C2' }),
      ticked({ threadTs: '2.0' }),
      ticked({ user: '' }),
      ticked({ blockId: 'job_dst:other' }),
      ticked({ blockId: 'job_speakers:j1' }),
      ticked({ blockId: 'job_dst' }),
      { ...ticked(), container: { type: 'view' } },
    ])
      expect(await picker.check(payload, context)).toMatchObject({ ok: false });
  });
});

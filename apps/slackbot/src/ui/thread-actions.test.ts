// The buttons and replies of a dubbed language, and the speakers dialog, within Slack's limits.
import { describe, expect, it } from 'vitest';
import { blockProblems, viewProblems } from '../test-support/block-limits.ts';
import { long } from '../test-support/inputs.ts';
import { LIMITS } from './blocks.ts';
import { dubbedReply } from './milestones.ts';
import {
  dubbedActions,
  editSummary,
  renderRequested,
  speakersChanged,
  speakersModal,
} from './thread-actions.ts';

describe('thread actions', () => {
  it('adds Review, Speakers, Lip-sync and Render again to a dubbed reply', () => {
    const reply = dubbedReply({
      lang: 'es',
      title: long(3000),
      links: { video: 'https://x/v', audio: null },
      projectId: 'p',
      elapsedMs: 1,
      targetId: 't'.repeat(40),
    });
    expect(blockProblems(reply.blocks, LIMITS.messageBlocks)).toEqual([]);
    const json = JSON.stringify(reply.blocks);
    for (const id of ['review_open', 'speakers_open', 'lipsync_open', 'render_again'])
      expect(json).toContain(id);
    expect(blockProblems([dubbedActions('t')], LIMITS.messageBlocks)).toEqual([]);
  });

  it('builds the replies and the speakers dialog within limits', () => {
    for (const m of [
      editSummary({
        userId: 'U1',
        lang: 'es',
        changes: 'edited 2,000 segments and removed 1',
        targetId: 't',
      }),
      renderRequested({ userId: 'U1', lang: 'zh-tw' }),
      speakersChanged({ userId: 'U1', lang: 'es', count: 1, targetId: 't' }),
    ])
      expect(blockProblems(m.blocks, LIMITS.messageBlocks)).toEqual([]);
    expect(speakersChanged({ userId: 'U', lang: 'es', count: 1, targetId: 't' }).text).toBe(
      'Spanish set to 1 speaker',
    );
    const modal = speakersModal({ targetId: 't', lang: 'pt-br', current: 3 });
    expect(viewProblems(modal)).toEqual([]);
    expect(JSON.stringify(modal)).toContain(
      '"initial_option":{"text":{"type":"plain_text","text":"3 speakers"}',
    );
  });
});

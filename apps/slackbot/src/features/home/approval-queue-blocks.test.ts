// App Home's "Waiting for my approval": not shown to someone who approves nowhere; one line per language,
// escaped, with its render, channel, thread link and Approve; the rest counted.
import { describe, expect, it } from 'vitest';
import { blockProblems } from '../../test-support/block-limits.ts';
import { long } from '../../test-support/inputs.ts';
import { approvalQueueBlocks } from './approval-queue-blocks.ts';

describe('approvalQueueBlocks', () => {
  it('is nothing for a person who approves in no channel, and says so when nothing waits', () => {
    expect(approvalQueueBlocks({ channels: [], waiting: [] })).toEqual([]);
    expect(JSON.stringify(approvalQueueBlocks({ channels: ['C1'], waiting: [] }))).toContain(
      '✅ Nothing waits for your approval.',
    );
  });

  it('lists each language with its render and channel, escaped, and counts those not shown', () => {
    const waiting = Array.from({ length: 12 }, (_, i) => ({
      targetId: `t${i}`,
      jobId: `j${i}`,
      createdAt: 100 - i,
      channel: 'C1',
      title: i === 0 ? `<!here> *keynote* ${long(200)}` : `talk ${i}`,
      lang: 'es',
      render: 2,
    }));
    const blocks = approvalQueueBlocks(
      { channels: ['C1'], waiting },
      new Map([['j1', 'https://t.example/j1']]),
    );
    const text = JSON.stringify(blocks);
    expect(text).toContain('Waiting for my approval (12)');
    expect(text).toContain('🇪🇸 Spanish · render 2 — *talk 1* in <#C1>\\n<https://t.example/j1|Open thread>');
    expect(text).toContain('"action_id":"home_approve","value":"t1"');
    expect(text).not.toContain('<!here>');
    expect(text).toContain('and 4 more');
    expect(blockProblems(blocks, 100)).toEqual([]);
  });
});

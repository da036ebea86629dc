// The answer to a question in a job's thread: a line per language, a running one with its stage and the
// learned time left (or that none is learned), the job's own state when it is not under way.
import { describe, expect, it } from 'vitest';
import { jobRecord } from '../../test-support/jobs.ts';
import { jobStateAnswer, roughly } from './thread-answer.ts';

const said = (content: { blocks: unknown[] }) => JSON.stringify(content.blocks);

describe('the state of a job, asked in its thread', () => {
  it('gives each language its line, and a running one its stage and time left', () => {
    const answer = jobStateAnswer(jobRecord({ title: 'keynote' }), [
      {
        line: { targetId: 't1', lang: 'ja', phase: 'running', render: 1 },
        running: { stage: 'Translating', leftMs: 4 * 60_000 + 10_000 },
      },
      {
        line: { targetId: 't2', lang: 'de', phase: 'running', render: 1 },
        running: { stage: 'Uploading the video', leftMs: undefined },
      },
      {
        line: {
          targetId: 't3',
          lang: 'es',
          phase: 'failed',
          render: 2,
          failedAt: 'Recording voiceover',
          retry: true,
        },
      },
      {
        line: {
          targetId: 't4',
          lang: 'fr',
          phase: 'dubbed',
          render: 1,
          approved: { render: 1, by: 'U0ANA' },
        },
      },
    ]);
    expect(said(answer)).toContain('🎬 *keynote*');
    expect(said(answer)).toContain('🇯🇵 Japanese — 🔄 Translating · about 4 min left');
    expect(said(answer)).toContain('🇩🇪 German — 🔄 Uploading the video · no estimate yet');
    expect(said(answer)).toContain('🇪🇸 Spanish — ❌ failed at recording voiceover, Retry');
    expect(said(answer)).toContain('🇫🇷 French — ✅ approved r1 by <@U0ANA>');
  });

  it('says when the job itself is stopped or not started', () => {
    expect(said(jobStateAnswer(jobRecord({ state: 'stopped' }), []))).toContain('⏹ stopped');
    expect(said(jobStateAnswer(jobRecord({ state: 'picking' }), []))).toContain('not started');
  });

  it('rounds the time left as a person says it', () => {
    expect(roughly(20_000)).toBe('under a minute');
    expect(roughly(90_000)).toBe('about 2 min');
    expect(roughly(3 * 3_600_000)).toBe('about 3 h');
  });
});

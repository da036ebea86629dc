import { describe, expect, it } from 'vitest';
import { minutesLeft, minutesNeeded } from '../../domain/credits.ts';
import { blockProblems } from '../../test-support/block-limits.ts';
import { jobRecord } from '../../test-support/jobs.ts';
import { LIMITS } from '../../ui/blocks.ts';
import { creditsMessage, creditsWarning, usageBar } from './credits.ts';
import { JOB_LIST, jobList } from './job-list.ts';
import type { LanguageState } from './job-rows.ts';
import { PROJECT_LIST, pageValue, projectList, readPageValue } from './project-list.ts';

describe('credits', () => {
  it('draws used of total as a bar with what is left', () => {
    expect(usageBar({ total: 6000, used: 1500 }, 'minutes')).toBe(
      '`▰▰▰▰▰▱▱▱▱▱▱▱▱▱▱▱▱▱▱▱` 1,500 of 6,000 minutes used · *4,500 left*',
    );
    expect(usageBar({ total: 0, used: 0 }, 'videos')).toContain('0 of 0 videos used · *0 left*');
    expect(usageBar({ total: 10, used: 12 }, 'minutes')).toContain('10 of 10 minutes used');
  });

  it('builds the message within limits', () => {
    const message = creditsMessage({
      minutes: { total: 6000, used: 10 },
      video: { total: 1000, used: 3 },
      lipsync_free_minutes: { total: 60, used: 60 },
    });
    expect(blockProblems(message.blocks, LIMITS.messageBlocks)).toEqual([]);
    expect(JSON.stringify(message.blocks)).toContain('Free lip-sync minutes');
    expect(message.text).toBe('5990 minutes left on the dubbing account');
  });

  it('counts what a job needs and warns in words', () => {
    expect(minutesNeeded(61, 2)).toBe(4);
    expect(minutesLeft({ minutes: { total: 5, used: 7 } })).toBe(0);
    const warning = creditsWarning({ durationSeconds: 150, languages: 3, left: 5 });
    expect(warning.text).toBe(
      'The video is 3 min long, so dubbing it into 3 languages needs 9 minutes, but only 5 are left on the ' +
        'account. Nothing was started, and no minutes were used.',
    );
    expect(blockProblems(warning.blocks, LIMITS.messageBlocks)).toEqual([]);
  });
});

describe('the project list', () => {
  const projects = Array.from({ length: PROJECT_LIST.pageSize }, (_, i) => ({
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    name: `${'Very long project name '.repeat(20)}${i}`,
    statusLabel: i % 2 ? 'Translating' : 'Dubbed',
    failed: i === 3,
    done: i % 2 === 0,
    createdAt: '2026-11-20T10:00:00Z',
  }));

  it('shows a page with its status and Track buttons, within limits', () => {
    const message = projectList({ projects, name: 'keynote', offset: 10, more: true });
    expect(blockProblems(message.blocks, LIMITS.messageBlocks)).toEqual([]);
    const json = JSON.stringify(message.blocks);
    expect(json).toContain('*Projects matching “keynote”* · 11–20, newest first');
    expect(json.match(/"list_track"/g)).toHaveLength(10);
    expect(json).toContain('◀ Newer');
    expect(json).toContain('Older ▶');
  });

  it('says when there is nothing', () => {
    expect(projectList({ projects: [], name: 'x', offset: 0, more: false }).text).toBe(
      'No projects matching “x” on the account.',
    );
  });

  it('round-trips the page buttons’ value and refuses a forged one', () => {
    expect(readPageValue(pageValue('a b', 20))).toEqual({ name: 'a b', offset: 20 });
    expect(readPageValue(pageValue(null, 0))).toEqual({ name: null, offset: 0 });
    expect(readPageValue('{"n":"x","o":-1}')).toBeUndefined();
    expect(readPageValue('nope')).toBeUndefined();
  });
});

describe('the job list', () => {
  it('holds ten jobs of twenty languages with long titles within a message’s limits, escaped', () => {
    const langs: LanguageState[] = Array.from({ length: 20 }, () => ({
      lang: 'es',
      state: 'failed',
      label: 'Translation <failed>',
    }));
    const rows = Array.from({ length: JOB_LIST.pageSize }, (_, i) => ({
      job: jobRecord({ id: `j${i}`, title: `<!channel> ${'long title '.repeat(300)}` }),
      langs,
    }));
    const message = jobList({ rows, name: '<b>', offset: 10, next: 20 });
    expect(blockProblems(message.blocks, LIMITS.messageBlocks)).toEqual([]);
    const json = JSON.stringify(message.blocks);
    expect(json).not.toContain('<!channel>');
    expect(json).not.toContain('<failed>');
    expect(json).toContain('matching “&lt;b&gt;”');
    expect(message.text).toBe('10 dubs matching &lt;b&gt;');
  });

  it('says one dub in the notification text, not “1 dubs”', () => {
    const row = { job: jobRecord({ id: 'j1', title: 'keynote.mp4' }), langs: [] };
    expect(jobList({ rows: [row], name: null, offset: 0, next: null }).text).toBe('1 dub');
  });
});

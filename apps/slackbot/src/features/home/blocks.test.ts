// App Home within a view's limits, with the most it can hold; what waits for the person comes first.
import { describe, expect, it } from 'vitest';
import { viewProblems } from '../../test-support/block-limits.ts';
import { long } from '../../test-support/inputs.ts';
import { jobRecord } from '../../test-support/jobs.ts';
import type { JobRow } from '../account/job-rows.ts';
import { homeView } from './blocks.ts';

const headers = (view: { blocks: unknown[] }) =>
  (view.blocks as { type: string; text?: { text: string } }[])
    .filter((b) => b.type === 'header')
    .map((b) => b.text!.text);

describe('Home', () => {
  it('holds 500 waiting and 500 own jobs of 20 languages and 200 channel defaults within a view’s limits', () => {
    const rows: JobRow[] = Array.from({ length: 500 }, (_, i) => ({
      job: jobRecord({ id: `j${i}`, title: long(3000), channel: `C${i}` }),
      langs: Array.from({ length: 20 }, () => ({ lang: 'es', state: 'running', label: 'Translating' })),
    }));
    const waiting = rows.flatMap((row) => row.langs.map((language) => ({ job: row.job, language })));
    const view = homeView({
      waiting,
      own: rows,
      credits: {
        minutes: { total: 1, used: 0 },
        video: { total: 1, used: 1 },
        lipsync_free_minutes: { total: 0, used: 0 },
      },
      defaults: Array.from({ length: 200 }, (_, i) => ({
        channel: `C${i}`,
        dstLangs: ['es', 'de'],
        glossaries: [long(500)],
      })),
    });
    expect(viewProblems(view)).toEqual([]);
    expect(headers(view).slice(0, 3)).toEqual([
      'Waiting for you (10000)',
      'Your dubs (500)',
      'Account credits',
    ]);
    const empty = homeView({ waiting: [], own: [], credits: null, defaults: [] });
    expect(headers(empty)[0]).toBe('Your dubs (0)');
    expect(JSON.stringify(empty)).toContain('No dubs yet.');
    expect(JSON.stringify(empty)).toContain('could not be read');
    // Someone with only others' jobs waiting for them is not told they have no dubs.
    const reviewer = homeView({ waiting: waiting.slice(0, 1), own: [], credits: null, defaults: [] });
    expect(JSON.stringify(reviewer)).not.toContain('No dubs yet');
    expect(JSON.stringify(reviewer)).toContain('None of your own yet.');
  });

  it('gives each item its thread’s link and its action, and says what an un-started card waits for', () => {
    const job = jobRecord({ id: 'j1', title: 'keynote', channel: 'C1' });
    const view = homeView({
      waiting: [{ job, language: { lang: 'de', state: 'dubbed', targetId: 't1' } }],
      own: [
        { job: jobRecord({ id: 'j2', state: 'picking', picked: { dstLangs: ['es', 'de'] } }), langs: [] },
      ],
      credits: null,
      defaults: [],
      links: new Map([['j1', 'https://t.example/j1']]),
    });
    const text = JSON.stringify(view);
    expect(text).toContain('<https://t.example/j1|Open thread>');
    expect(text).toContain('"action_id":"home_review","value":"t1"');
    expect(text).toContain('_not started yet: 🇪🇸 Spanish, 🇩🇪 German picked — Start is on its card_');
    expect(text).not.toContain('waiting for languages to be picked');
  });

  it('says a stopped job is no longer followed instead of showing its languages as under way', () => {
    const view = homeView({
      waiting: [],
      own: [
        {
          job: jobRecord({ title: 'keynote', state: 'stopped', stoppedBy: 'U2' }),
          langs: [{ lang: 'es', state: 'running', label: 'Translating' }],
        },
      ],
      credits: null,
      defaults: [],
    });
    expect(JSON.stringify(view)).toContain('_stopped: no longer followed_');
    expect(JSON.stringify(view)).not.toContain('Translating');
  });
});

// App Home within a view's limits, with the most it can hold.
import { describe, expect, it } from 'vitest';
import { viewProblems } from '../../test-support/block-limits.ts';
import { long, manyGlossaries } from '../../test-support/inputs.ts';
import { homeView } from './blocks.ts';

const _picker = manyGlossaries.map((g) => ({ id: g.id, label: g.name }));

describe('Home', () => {
  it('Home holds 500 jobs of 20 languages and 200 channel defaults within a view’s limits', () => {
    const view = homeView({
      jobs: Array.from({ length: 500 }, (_, i) => ({
        title: long(3000),
        channel: `C${i}`,
        state: 'running',
        langs: Array.from({ length: 20 }, () => ({
          lang: 'es',
          label: 'Translating',
          done: false,
          failed: false,
        })),
      })),
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
    const empty = homeView({ jobs: [], credits: null, defaults: [] });
    expect(JSON.stringify(empty)).toContain('could not be read');
  });

  it('says a stopped job is no longer followed instead of showing its languages as under way', () => {
    const view = homeView({
      jobs: [
        {
          title: 'keynote',
          channel: 'C1',
          state: 'stopped',
          langs: [{ lang: 'es', label: 'Translating', done: false, failed: false }],
        },
      ],
      credits: null,
      defaults: [],
    });
    expect(JSON.stringify(view)).toContain('_stopped: no longer followed_');
    expect(JSON.stringify(view)).not.toContain('Translating');
  });
});

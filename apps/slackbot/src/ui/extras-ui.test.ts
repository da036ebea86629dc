// The issue-7 builders stay within Slack's limits with the largest inputs, and say what they should.
import { describe, expect, it } from 'vitest';
import type { GlossaryRecord } from '../store/store.ts';
import { blockProblems, viewProblems } from '../test-support/block-limits.ts';
import { LIMITS } from './blocks.ts';
import { glossaryList, glossaryModal, glossaryPicker, glossaryShown, importReport } from '../features/glossary/blocks.ts';
import { homeView } from '../features/home/blocks.ts';
import { jobCard } from './job-card.ts';
import { lipsyncedReply, lipsyncFailedReply, lipsyncModal, noFaceReply } from '../features/lipsync/blocks.ts';
import { dubbedReply } from './milestones.ts';
import { readSettings, SETTINGS_UI, settingsModal } from '../features/settings/blocks.ts';
import { subtitlesReport, subtitlesSkipped } from '../features/subtitles/blocks.ts';
import {
  dubbedActions,
  editSummary,
  renderRequested,
  speakersChanged,
  speakersModal,
} from './thread-actions.ts';

const long = (n: number) => 'x'.repeat(n);
const glossary = (i: number): GlossaryRecord => ({
  id: `g-${String(i).padStart(30, '0')}`,
  name: `${long(90)} ${i}`,
  srcLang: 'en',
  dstLang: i % 2 ? 'es' : 'pt-br',
  version: i,
  channel: 'C1',
  createdBy: 'U1',
  updatedAt: i,
});
const many = Array.from({ length: 300 }, (_, i) => glossary(i));
const picker = many.map((g) => ({ id: g.id, label: g.name }));

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

describe('glossary builders', () => {
  it('report at most 25 issues by line, and offer the default button after a save', () => {
    const issues = Array.from({ length: 500 }, (_, i) => ({
      line: i + 2,
      severity: 'error' as const,
      message: long(300),
    }));
    const failed = importReport({ fileName: long(500), userId: 'U1', issues });
    expect(blockProblems(failed.blocks, LIMITS.messageBlocks)).toEqual([]);
    expect(JSON.stringify(failed.blocks)).toContain('❌ line 2: ');
    const saved = importReport({
      fileName: 'terms.csv',
      userId: 'U1',
      issues: [{ line: 3, severity: 'warning', message: 'trimmed' }],
      saved: { glossary: glossary(1), updated: true, entries: 10, isDefault: false, channel: 'C1' },
    });
    expect(blockProblems(saved.blocks, LIMITS.messageBlocks)).toEqual([]);
    expect(JSON.stringify(saved.blocks)).toContain('glossary_make_default');
    expect(JSON.stringify(saved.blocks)).toContain('⚠️ line 3: trimmed');
  });

  it('list 300 glossaries, show 10,000 terms and offer 300 in pickers within limits', () => {
    expect(blockProblems(glossaryList(many, [many[0]!.id]).blocks, LIMITS.messageBlocks)).toEqual([]);
    const entries = Object.fromEntries(
      Array.from({ length: 10_000 }, (_, i) => [`${long(1000)}${i}`, long(1000)]),
    );
    expect(blockProblems(glossaryShown(glossary(1), entries).blocks, LIMITS.messageBlocks)).toEqual([]);
    expect(blockProblems([glossaryPicker(picker, [picker[0]!.id])], LIMITS.messageBlocks)).toEqual([]);
    expect(viewProblems(glossaryModal({ channel: 'C1' }))).toEqual([]);
    const card = jobCard({
      jobId: 'j',
      title: long(3000),
      source: { kind: 'link', link: 'https://x' },
      state: 'picking',
      dstLangs: ['es'],
      srcLang: null,
      numSpeakers: null,
      userId: 'U1',
      glossaries: picker,
      glossaryIds: [picker[1]!.id],
    });
    expect(blockProblems(card.blocks, LIMITS.messageBlocks)).toEqual([]);
    expect(JSON.stringify(card.blocks)).toContain('job_glossary');
  });
});

describe('lip-sync, subtitles, Home and settings builders', () => {
  it('stay within limits', () => {
    expect(viewProblems(lipsyncModal({ targetId: 't', lang: 'es' }))).toEqual([]);
    for (const m of [
      lipsyncedReply({ lang: 'es', url: `https://x/${long(2000)}`, userId: 'U', free: true }),
      noFaceReply({ lang: 'es' }),
      lipsyncFailedReply({ lang: 'es', why: long(5000) }),
      subtitlesReport({
        userId: 'U',
        files: Array.from({ length: 80 }, (_, i) => ({
          name: `${long(200)}.srt`,
          side: i % 2 ? ('src' as const) : ('dst' as const),
          lang: 'es',
          cues: i,
          issues: Array.from({ length: 100 }, (_, l) => ({
            line: l,
            severity: 'error' as const,
            message: long(100),
          })),
        })),
        pairs: [{ lang: 'es', issues: [{ line: 4, message: 'times differ', side: 'dst' }] }],
      }),
      subtitlesSkipped({
        lang: 'de',
        issues: Array.from({ length: 500 }, (_, l) => ({ line: l, message: long(100) })),
      }),
    ])
      expect(blockProblems(m.blocks, LIMITS.messageBlocks)).toEqual([]);
  });

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

  it('settings dialog stays within limits and reads back', () => {
    const view = settingsModal({
      channel: 'C1',
      dstLangs: ['es'],
      glossaries: picker,
      glossaryIds: [],
    });
    expect(viewProblems(view)).toEqual([]);
    expect(
      readSettings({
        [SETTINGS_UI.langsBlock]: { job_dst: { selected_options: [{ value: 'es' }] } },
        [SETTINGS_UI.glossaryBlock]: { job_glossary: { selected_options: [{ value: 'g1' }] } },
      }),
    ).toEqual({ dstLangs: ['es'], glossaryIds: ['g1'] });
  });
});

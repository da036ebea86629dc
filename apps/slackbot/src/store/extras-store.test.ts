// The store's review sessions, re-render resumption, glossaries, channel settings and per-language options.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteStore } from './sqlite-store.ts';

let dir: string;
let store: SqliteStore;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'dubkit-extras-'));
  store = new SqliteStore(join(dir, 'test.db'));
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

function dubbedTarget() {
  const { job } = store.createJob(
    {
      triggerKey: 'msg:C1:1.0',
      channel: 'C1',
      threadTs: '1.0',
      userId: 'U1',
      source: { kind: 'link', link: 'https://youtu.be/x' },
      title: 'x',
    },
    1,
  );
  store.startJob(job.id, { dstLangs: ['es'], srcLang: null, numSpeakers: null }, 2);
  const target = store.targetsOf(job.id)[0]!;
  store.setTargetProject(target.id, 'p1', 3);
  store.recordPoll(
    target.id,
    { status: 'merging_done', changed: true, terminal: true, nextPollAt: 10, intervalMs: 5 },
    4,
    [],
  );
  return { job, target };
}

describe('review sessions', () => {
  it('keep the baseline, the edits and the page; close once', () => {
    const baseline = [
      { id: 's1', start: '00:00:00,000', end: '00:00:01,000', speaker: null, src: 'a', dst: 'b' },
    ];
    const session = store.createReviewSession({
      targetId: 't',
      projectId: 'p',
      userId: 'U1',
      baseline,
      createdAt: 5,
    });
    expect(session).toMatchObject({ page: 0, edits: {}, viewId: null, closed: false, baseline });
    store.updateReviewSession(session.id, { viewId: 'V1', page: 2, edits: { s1: { dst: 'c' } } });
    store.updateReviewSession(session.id, { page: 1 });
    expect(store.getReviewSession(session.id)).toMatchObject({
      viewId: 'V1',
      page: 1,
      edits: { s1: { dst: 'c' } },
    });
    expect(store.closeReviewSession(session.id)).toBe(true);
    expect(store.closeReviewSession(session.id)).toBe(false);
  });
});

describe('resumeTarget', () => {
  it('tracks a dubbed target again as a new attempt on the same project, once', () => {
    const { target } = dubbedTarget();
    const resumed = store.resumeTarget(target.id, 'voiceover_started', 100);
    expect(resumed).toMatchObject({
      attempt: 2,
      projectId: 'p1',
      status: 'voiceover_started',
      terminal: false,
      startedAt: 100,
      nextPollAt: 100,
    });
    expect(store.resumeTarget(target.id, 'voiceover_started', 101)).toBeUndefined();
    expect(store.targetOfProject('p1')?.id).toBe(target.id);
  });
});

describe('glossaries and channel settings', () => {
  const glossary = {
    id: 'g1',
    name: 'Brand terms',
    srcLang: 'en',
    dstLang: 'es',
    version: 1,
    channel: 'C1',
    createdBy: 'U1',
    updatedAt: 1,
  };

  it('saves, updates by id, finds by name ignoring case, and deletes', () => {
    store.saveGlossary(glossary);
    store.saveGlossary({ ...glossary, version: 2, updatedAt: 2 });
    expect(store.findGlossary('brand TERMS')).toMatchObject({ id: 'g1', version: 2 });
    store.saveGlossary({ ...glossary, id: 'g2', name: 'brand terms' });
    expect(store.glossaries().map((g) => g.id)).toEqual(['g2']);
    store.deleteGlossary('g2');
    expect(store.glossaries()).toEqual([]);
  });

  it('keeps one settings row per channel', () => {
    expect(store.channelSettings('C1')).toBeUndefined();
    store.saveChannelSettings({
      channel: 'C1',
      dstLangs: ['es'],
      glossaryIds: [],
      updatedBy: 'U1',
      updatedAt: 1,
    });
    store.saveChannelSettings({
      channel: 'C1',
      dstLangs: ['de', 'fr'],
      glossaryIds: ['g1'],
      updatedBy: 'U2',
      updatedAt: 2,
    });
    expect(store.channelSettings('C1')).toEqual({
      channel: 'C1',
      dstLangs: ['de', 'fr'],
      glossaryIds: ['g1'],
      updatedBy: 'U2',
      updatedAt: 2,
    });
  });

  it('keeps per-language options, none by default', () => {
    expect(store.targetOptions('j', 'es')).toBeUndefined();
    store.setTargetOptions('j', 'es', { glossaryId: 'g1', transcriptId: null });
    store.setTargetOptions('j', 'es', { glossaryId: 'g1', transcriptId: 't1' });
    expect(store.targetOptions('j', 'es')).toEqual({ glossaryId: 'g1', transcriptId: 't1' });
  });

  it('lists a user’s recent jobs, newest first', () => {
    dubbedTarget();
    store.createJob(
      {
        triggerKey: 'msg:C1:2.0',
        channel: 'C1',
        threadTs: '2.0',
        userId: 'U1',
        source: { kind: 'link', link: 'https://youtu.be/y' },
        title: 'y',
      },
      50,
    );
    expect(store.recentJobs('U1', 10).map((j) => j.title)).toEqual(['y', 'x']);
    expect(store.recentJobs('U2', 10)).toEqual([]);
  });
});

describe('adoptProject', () => {
  it('opens a running job with one language bound to the project, once per trigger', () => {
    const input = {
      triggerKey: 'cmd:track:p9',
      channel: 'C1',
      threadTs: null,
      userId: 'U1',
      source: { kind: 'link' as const, link: 'https://youtu.be/z' },
      title: 'z',
    };
    const job = store.adoptProject(input, 'de', 'p9', 7);
    expect(job).toMatchObject({ state: 'running', startedAt: 7 });
    expect(store.targetsOf(job!.id)).toMatchObject([
      { dstLang: 'de', projectId: 'p9', nextPollAt: 7, terminal: false },
    ]);
    expect(store.claimDueTargets('me', 8, 1000, 10).map((t) => t.projectId)).toEqual(['p9']);
    expect(store.adoptProject(input, 'de', 'p9', 9)).toBeUndefined();
    expect(store.claimJobsToStart('me', 10, 1000, 10)).toEqual([]);
  });

  it('lists the channels whose defaults a user set', () => {
    store.saveChannelSettings({
      channel: 'C2',
      dstLangs: ['es'],
      glossaryIds: [],
      updatedBy: 'U1',
      updatedAt: 1,
    });
    store.saveChannelSettings({
      channel: 'C3',
      dstLangs: ['de'],
      glossaryIds: [],
      updatedBy: 'U2',
      updatedAt: 1,
    });
    expect(store.channelSettingsBy('U1').map((s) => s.channel)).toEqual(['C2']);
  });
});

describe('lip-sync tasks', () => {
  it('allow one under way per target, are claimed when due, and record each look', () => {
    const input = { targetId: 't1', jobId: 'j1', projectId: 'p1', userId: 'U1', multipleFaces: true };
    const task = store.createLipsync(input, 10)!;
    expect(task).toMatchObject({
      state: 'checking',
      free: null,
      faceCheckAsked: false,
      progress: 0,
      multipleFaces: true,
      nextPollAt: 10,
    });
    expect(store.createLipsync(input, 11)).toBeUndefined();
    expect(store.claimDueLipsyncs('me', 12, 1000, 10).map((t) => t.id)).toEqual([task.id]);
    expect(store.claimDueLipsyncs('me', 13, 1000, 10)).toEqual([]);
    store.updateLipsync(task.id, {
      state: 'syncing',
      free: false,
      faceCheckAsked: true,
      progress: 0.4,
      nextPollAt: 20,
    });
    expect(store.claimDueLipsyncs('me', 19, 1000, 10)).toEqual([]);
    expect(store.claimDueLipsyncs('me', 20, 1000, 10)[0]).toMatchObject({
      state: 'syncing',
      free: false,
      faceCheckAsked: true,
      progress: 0.4,
    });
    store.updateLipsync(task.id, { state: 'done', progress: 1 });
    expect(store.claimDueLipsyncs('me', 5000, 1000, 10)).toEqual([]);
    expect(store.createLipsync(input, 30)).toBeDefined();
    // A crashed holder's lease is freed at start-up.
    const other = store.createLipsync({ ...input, targetId: 't2' }, 40)!;
    expect(store.claimDueLipsyncs('crashed', 41, 60_000, 10).map((t) => t.id)).toContain(other.id);
    store.releaseLeases();
    expect(store.claimDueLipsyncs('me', 42, 60_000, 10).map((t) => t.id)).toContain(other.id);
  });
});

describe('dropped subtitles and job lookups', () => {
  it('keeps one subtitle per file name and finds a job by trigger and by thread', () => {
    const { job } = dubbedTarget();
    store.addSubtitle(job.id, { name: 'talk.srt', side: 'src', lang: null, text: 'a' });
    store.addSubtitle(job.id, { name: 'talk.es.srt', side: 'dst', lang: 'es', text: 'b' });
    store.addSubtitle(job.id, { name: 'talk.srt', side: 'src', lang: 'en', text: 'c' });
    expect(store.subtitlesOf(job.id)).toEqual([
      { name: 'talk.srt', side: 'src', lang: 'en', text: 'c' },
      { name: 'talk.es.srt', side: 'dst', lang: 'es', text: 'b' },
    ]);
    expect(store.jobByTrigger('msg:C1:1.0')?.id).toBe(job.id);
    expect(store.jobByThread('C1', '1.0')?.id).toBe(job.id);
    expect(store.jobByThread('C2', '1.0')).toBeUndefined();
  });
});

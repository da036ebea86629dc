// Every Block Kit builder (ui/*.ts and features/*/blocks.ts, with the project list, credits and the review's
// modals) given a hostile string wherever a person or the service supplies one: a file name, a title, a
// glossary name, a segment's text, a problem quoting what someone typed. Nothing of it may reach a message's
// `text` or any mrkdwn as a mention (`<!here>`, `<@U…>`, `<#C…>`) or a link (`<https://…>`), and a bare `&`
// never passes unescaped. plain_text is not parsed by Slack, so it is not checked.
import { describe, expect, it } from 'vitest';
import { creditsMessage, creditsWarning } from '../features/account/credits.ts';
import { projectList } from '../features/account/project-list.ts';
import { jobModal } from '../features/dub/job-modal.ts';
import { helpMessage, usageError } from '../features/dub/usage.ts';
import { glossaryList, glossaryModal, glossaryShown, importReport } from '../features/glossary/blocks.ts';
import { homeView } from '../features/home/blocks.ts';
import {
  lipsyncedReply,
  lipsyncFailedReply,
  lipsyncModal,
  lipsyncNotice,
  noFaceReply,
} from '../features/lipsync/blocks.ts';
import { conflictView, reviewModal } from '../features/review/modal.ts';
import { settingsModal } from '../features/settings/blocks.ts';
import { subtitlesReport, subtitlesSkipped } from '../features/subtitles/blocks.ts';
import type { GlossaryRecord } from '../store/store.ts';
import { jobRecord } from '../test-support/jobs.ts';
import { statusMessage } from '../thread/status-message.ts';
import { link } from './blocks.ts';
import { glossaryPicker } from './glossary-picker.ts';
import { jobCard } from './job-card.ts';
import { dubbedReply, failedReply, startedReply } from './milestones.ts';
import { editSummary, renderRequested, speakersChanged, speakersModal } from './thread-actions.ts';

const HOSTILE = '<!here> q3 & <@U0EVIL> <#C0EVIL|general> <https://evil.example|click> <!channel>.mp4';

/** Every string Slack reads as mrkdwn: a message's `text`, and every `{type: 'mrkdwn', text}` inside. */
function mrkdwnOf(value: unknown, top = true): string[] {
  if (Array.isArray(value)) return value.flatMap((v) => mrkdwnOf(v, false));
  if (!value || typeof value !== 'object') return [];
  const record = value as Record<string, unknown>;
  const own: string[] = [];
  if (typeof record.text === 'string' && (top || record.type === 'mrkdwn')) own.push(record.text);
  return [...own, ...Object.values(record).flatMap((v) => mrkdwnOf(v, false))];
}

function expectInert(name: string, built: unknown): void {
  const texts = mrkdwnOf(built);
  expect(texts.length, `${name} has mrkdwn`).toBeGreaterThan(0);
  for (const text of texts) {
    for (const control of ['<!here>', '<!channel>', '<@U0EVIL>', '<#C0EVIL', '<https://evil.example']) {
      expect(text, `${name}: ${text}`).not.toContain(control);
    }
    // Every & is an entity the app wrote, never the person's bare one.
    expect(text.replace(/&(amp|lt|gt);/g, ''), `${name}: ${text}`).not.toContain('&');
  }
}

const glossary: GlossaryRecord = {
  id: 'g1',
  name: HOSTILE,
  srcLang: 'en',
  dstLang: 'es',
  version: 2,
  channel: 'C1',
  createdBy: 'U1',
  updatedAt: 1,
};
const picker = [{ id: 'g1', label: HOSTILE }];

const builders: Record<string, () => unknown> = {
  'jobCard picking': () =>
    jobCard({
      jobId: 'j1',
      title: HOSTILE,
      source: { kind: 'file', name: HOSTILE },
      state: 'picking',
      dstLangs: ['es'],
      srcLang: null,
      numSpeakers: null,
      userId: 'U1',
      glossaries: picker,
      glossaryIds: [],
    }),
  'jobCard started': () =>
    jobCard({
      jobId: 'j1',
      title: HOSTILE,
      source: { kind: 'link', link: 'https://x.example/a|<!here>' },
      state: 'started',
      dstLangs: ['es'],
      srcLang: 'en',
      numSpeakers: 2,
      userId: 'U1',
    }),
  'jobCard cancelled': () =>
    jobCard({
      jobId: 'j1',
      title: HOSTILE,
      source: { kind: 'file', name: HOSTILE },
      state: 'cancelled',
      dstLangs: [],
      srcLang: null,
      numSpeakers: null,
      userId: 'U1',
    }),
  jobModal: () => jobModal({ jobId: 'j1', title: HOSTILE }),
  startedReply: () => startedReply({ langs: ['es'], userId: 'U1' }),
  dubbedReply: () =>
    dubbedReply({
      lang: 'es',
      title: HOSTILE,
      links: { video: 'https://cdn.example/v.mp4?a=<!here>', srt: null },
      targetId: 't1',
    }),
  failedReply: () =>
    failedReply({
      lang: 'es',
      status: 'failed',
      stageLabel: HOSTILE,
      detail: HOSTILE,
      targetId: 't1',
    }),
  statusMessage: () =>
    statusMessage({
      lang: 'es',
      phase: 'running',
      stageLabel: HOSTILE,
      progress: 0.5,
      elapsedMs: 1,
      startedAt: 0,
      projectId: 'p1',
    }),
  'statusMessage failed': () =>
    statusMessage({
      lang: 'es',
      phase: 'failed',
      stageLabel: HOSTILE,
      progress: 0,
      elapsedMs: 1,
      startedAt: 0,
      projectId: null,
    }),
  editSummary: () => editSummary({ userId: 'U1', lang: 'es', changes: 'edited 2 segments', targetId: 't1' }),
  renderRequested: () => renderRequested({ userId: 'U1', lang: 'es' }),
  speakersChanged: () => speakersChanged({ userId: 'U1', lang: 'es', count: 2, targetId: 't1' }),
  speakersModal: () => ({ text: 'x', view: speakersModal({ targetId: 't1', lang: 'es', current: 2 }) }),
  helpMessage: () => helpMessage(),
  usageError: () => usageError(`"${HOSTILE}" is not a link.`),
  glossaryPicker: () => ({ text: 'x', block: glossaryPicker(picker, ['g1']) }),
  link: () => ({ text: link('https://x.example/a|<!here>>', HOSTILE) }),
  'importReport saved': () =>
    importReport({
      fileName: HOSTILE,
      userId: 'U1',
      issues: [{ line: 2, severity: 'warning', message: HOSTILE }],
      saved: { glossary, updated: true, entries: 3, isDefault: false, channel: 'C1' },
    }),
  'importReport refused': () =>
    importReport({
      fileName: HOSTILE,
      userId: 'U1',
      issues: [{ line: 2, column: 1, severity: 'error', message: HOSTILE }],
      problem: HOSTILE,
    }),
  glossaryList: () => glossaryList([glossary], ['g1']),
  glossaryShown: () => glossaryShown(glossary, { [HOSTILE]: HOSTILE }),
  glossaryModal: () => glossaryModal({ channel: 'C1' }),
  homeView: () =>
    homeView({
      waiting: [],
      own: [
        {
          job: jobRecord({ title: HOSTILE }),
          langs: [{ lang: 'es', state: 'running', label: HOSTILE }],
        },
      ],
      credits: null,
      defaults: [{ channel: 'C1', dstLangs: ['es'], glossaries: [HOSTILE] }],
    }),
  lipsyncModal: () => lipsyncModal({ targetId: 't1', lang: 'es', paidMinutes: 3, freeMinutesLeft: 1 }),
  lipsyncNotice: () => lipsyncNotice('es', 'Reading…'),
  lipsyncedReply: () =>
    lipsyncedReply({ lang: 'es', url: 'https://cdn.example/l.mp4?<!here>', userId: 'U1', free: false }),
  noFaceReply: () => noFaceReply({ lang: 'es' }),
  lipsyncFailedReply: () => lipsyncFailedReply({ lang: 'es', why: HOSTILE }),
  reviewModal: () =>
    reviewModal({
      sessionId: 's1',
      lang: 'es',
      segments: [
        { id: 'a', start: '00:00:01,000', end: '00:00:02,000', speaker: null, src: HOSTILE, dst: HOSTILE },
      ],
      edits: {},
      page: 0,
    }),
  conflictView: () =>
    conflictView({ sessionId: 's1', lang: 'es', conflicts: [{ number: 1, now: HOSTILE, mine: HOSTILE }] }),
  settingsModal: () =>
    settingsModal({ channel: 'C1', dstLangs: ['es'], glossaries: picker, glossaryIds: [] }),
  subtitlesReport: () =>
    subtitlesReport({
      userId: 'U1',
      files: [
        { name: HOSTILE, side: 'src', lang: 'en', cues: 3, issues: [] },
        {
          name: HOSTILE,
          side: 'dst',
          lang: 'es',
          cues: 3,
          issues: [{ line: 1, severity: 'error', message: HOSTILE }],
        },
      ],
      pairs: [{ lang: 'es', issues: [{ line: 1, message: HOSTILE, side: 'dst' }] }],
    }),
  subtitlesSkipped: () => subtitlesSkipped({ lang: 'es', issues: [{ line: 1, message: HOSTILE }] }),
  projectList: () =>
    projectList({
      projects: [
        {
          id: 'p1',
          name: HOSTILE,
          statusLabel: HOSTILE,
          failed: false,
          done: false,
          createdAt: '2026-01-01',
        },
      ],
      name: HOSTILE,
      offset: 0,
      more: true,
    }),
  'projectList empty': () => projectList({ projects: [], name: HOSTILE, offset: 0, more: false }),
  creditsMessage: () =>
    creditsMessage({
      minutes: { total: 10, used: 1 },
      video: { total: 10, used: 1 },
      lipsync_free_minutes: { total: 1, used: 0 },
    }),
  creditsWarning: () => creditsWarning({ durationSeconds: 600, languages: 2, left: 3 }),
};

describe('every builder with hostile strings', () => {
  for (const [name, build] of Object.entries(builders)) {
    it(`${name} lets no mention, link or bare & through`, () => {
      expectInert(name, build());
    });
  }

  it('would catch an unescaped one (the check itself)', () => {
    expect(() => expectInert('raw', { text: HOSTILE, blocks: [] })).toThrow();
    expect(() =>
      expectInert('raw block', {
        text: 'ok',
        blocks: [{ type: 'section', text: { type: 'mrkdwn', text: HOSTILE } }],
      }),
    ).toThrow();
  });
});

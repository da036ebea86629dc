// Every Block Kit builder (ui/*.ts, thread/*.ts and features/*/blocks.ts, with the project list, credits, the
// review's modals and the QA line) given a hostile string wherever a person or the service supplies one: a file
// name, a title, a glossary name, a segment's text, a problem quoting what someone typed, a voice's name. Nothing
// of it may reach a message's `text` or any mrkdwn as a mention (`<!here>`, `<@U…>`, `<#C…>`) or a link
// (`<https://…>`), a bare `&` never passes unescaped, and its `*`, `_`, `~` and backticks neither format it nor
// break the app's own bold and code spans around it (ui/blocks.ts `escapeText` says how). The same again with a
// very long value: cut to Slack's limits without leaving half an entity or an unclosed bold behind. plain_text
// is not parsed by Slack, so it is not checked.
import { describe, expect, it } from 'vitest';
import { creditsMessage, creditsWarning } from '../features/account/credits.ts';
import { projectList } from '../features/account/project-list.ts';
import {
  approveAnywayModal,
  changesModal,
  reviewedStatus,
  waitingList,
} from '../features/approval/blocks.ts';
import { assignedMessage } from '../features/assign/blocks.ts';
import { jobCard } from '../features/dub/card-blocks.ts';
import { glossaryPicker } from '../features/dub/glossary-picker.ts';
import { jobModal } from '../features/dub/job-modal.ts';
import { supportDetailsText } from '../features/dub/support-details.ts';
import { helpMessage, usageError } from '../features/dub/usage.ts';
import { glossaryList, glossaryModal, glossaryShown, importReport } from '../features/glossary/blocks.ts';
import { approvalQueueBlocks } from '../features/home/approval-queue-blocks.ts';
import { assignedBlocks } from '../features/home/assigned.ts';
import { homeView } from '../features/home/blocks.ts';
import {
  lipsyncedReply,
  lipsyncFailedReply,
  lipsyncModal,
  lipsyncNotice,
  noFaceReply,
} from '../features/lipsync/blocks.ts';
import { messageParts } from '../features/message-parts.ts';
import { conflictView, reviewModal } from '../features/review/modal.ts';
import { additionsSummary } from '../features/review/new-line.ts';
import { sourceFixModal, sourceFixSummary } from '../features/review/source-fix-blocks.ts';
import {
  editSummary,
  renderRequested,
  speakersChanged,
  speakersModal,
} from '../features/review/thread-blocks.ts';
import { settingsModal } from '../features/settings/blocks.ts';
import { subtitlesReport, subtitlesSkipped } from '../features/subtitles/blocks.ts';
import type { GlossaryRecord } from '../store/store.ts';
import { assignmentRecord, jobRecord } from '../test-support/jobs.ts';
import { dubbedReply, failedReply, replacedReply, startedReply } from '../thread/milestones.ts';
import { dubbedActions, retryButtons } from '../thread/parts.ts';
import { statusMessage } from '../thread/status-message.ts';
import { ephemeral, LIMITS, link } from './blocks.ts';

const HOSTILE =
  '<!here> q3 & <@U0EVIL> <#C0EVIL|general> <https://evil.example|click> <!channel> *bold* _x_ ~x~ `tick` ``` a*b_c~d`e.mp4';
const LONG = `${HOSTILE} `.repeat(100);

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
    // Every & is an entity the app wrote, never the person's bare one (nor one cut in half).
    expect(text.replace(/&(amp|lt|gt);/g, ''), `${name}: ${text}`).not.toContain('&');
    // The person's formatting does nothing (inside a code span it is not read), and the app's own markers
    // still pair up around it.
    const outsideCode = text.replace(/`[^`\n]+`/g, '');
    for (const formatted of ['*bold*', '_x_', '~x~', '∗bold*', '*bold∗']) {
      expect(outsideCode, `${name}: ${text}`).not.toContain(formatted);
    }
    // A marker between two letters or digits (`a*b`) is not read by Slack and is not counted.
    const markers = outsideCode.replace(/(?<=[\p{L}\p{N}])[*~](?=[\p{L}\p{N}])/gu, '');
    for (const marker of ['*', '~', '`']) {
      expect(markers.split(marker).length % 2, `${name}: unpaired ${marker} in ${text}`).toBe(1);
    }
  }
}

/** Block Kit's length limits on every mrkdwn and a message's `text`. */
function expectWithinLimits(name: string, built: unknown): void {
  const top = built as { text?: unknown };
  if (typeof top.text === 'string') expect(top.text.length, name).toBeLessThanOrEqual(LIMITS.messageText);
  for (const text of mrkdwnOf(built, false)) {
    expect(text.length, name).toBeLessThanOrEqual(LIMITS.sectionText);
  }
}

/** A glossary with that name, as the store keeps it. */
const glossaryNamed = (name: string): GlossaryRecord => ({
  id: 'g1',
  name,
  srcLang: 'en',
  dstLang: 'es',
  version: 2,
  channel: 'C1',
  createdBy: 'U1',
  updatedAt: 1,
});

/** A language's status message with `value` as the service's stage label and project id. */
const runningStatus = (value: string) =>
  statusMessage({
    lang: 'es',
    phase: 'running',
    stageLabel: value,
    progress: 0.5,
    elapsedMs: 1,
    startedAt: 0,
  });

/** Every builder that takes text, `HOSTILE` wherever a person or the service supplies a string. */
const buildersOf = (HOSTILE: string): Record<string, () => unknown> => ({
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
      glossaries: [{ id: 'g1', label: HOSTILE }],
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
  'jobCard picking, video refused': () =>
    jobCard({
      jobId: 'j1',
      title: HOSTILE,
      source: { kind: 'link', link: 'https://x.example/a|<!here>' },
      state: 'picking',
      dstLangs: ['es', 'de'],
      srcLang: null,
      numSpeakers: null,
      userId: 'U1',
      minutesLeft: 3,
      video: { state: 'failed', why: HOSTILE },
    }),
  'jobCard picking, video ready': () =>
    jobCard({
      jobId: 'j1',
      title: HOSTILE,
      source: { kind: 'file', name: HOSTILE },
      state: 'picking',
      dstLangs: ['es', 'de'],
      srcLang: 'en',
      numSpeakers: null,
      userId: 'U1',
      minutesLeft: 3,
      video: { state: 'ready', seconds: 754 },
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
      actions: dubbedActions(messageParts, 't1'),
    }),
  failedReply: () =>
    failedReply({
      lang: 'es',
      status: 'failed',
      stageLabel: HOSTILE,
      detail: HOSTILE,
      retry: retryButtons(messageParts, 't1'),
    }),
  statusMessage: () => runningStatus(HOSTILE),
  // An ephemeral's text is mrkdwn at its top, as a message's is.
  supportDetailsText: () => ephemeral(supportDetailsText('es', { projectId: HOSTILE, status: HOSTILE })),
  'statusMessage failed': () =>
    statusMessage({
      lang: 'es',
      phase: 'failed',
      stageLabel: HOSTILE,
      progress: 0,
      elapsedMs: 1,
      startedAt: 0,
    }),
  editSummary: () => editSummary({ userId: 'U1', lang: 'es', changes: 'edited 2 segments', targetId: 't1' }),
  renderRequested: () => renderRequested({ userId: 'U1', lang: 'es' }),
  speakersChanged: () =>
    speakersChanged({
      userId: 'U1',
      lang: 'es',
      count: 2,
      targetId: 't1',
      voices: [{ speaker: HOSTILE, label: HOSTILE }],
    }),
  replacedReply: () =>
    replacedReply(
      dubbedReply({
        lang: 'es',
        title: HOSTILE,
        links: { video: null, srt: null },
        actions: dubbedActions(messageParts, 't1'),
      }),
      {
        lang: 'es',
        render: 1,
        by: 2,
      },
    ),
  'reviewedStatus changes requested': () =>
    reviewedStatus(runningStatus(HOSTILE), {
      changeRequest: { targetId: 't1', attempt: 1, userId: 'U1', reason: HOSTILE, at: 0 },
      render: 1,
      renders: () => 1,
    }),
  changesModal: () => ({ text: 'x', view: changesModal({ lang: 'es', subject: HOSTILE }) }),
  approveAnywayModal: () =>
    approveAnywayModal({
      lang: 'es',
      render: 2,
      flags: [{ segmentId: HOSTILE, number: 4, start: HOSTILE, end: HOSTILE, reasons: [HOSTILE, HOSTILE] }],
      subject: HOSTILE,
    }),
  approvalQueueBlocks: () => ({
    text: 'x',
    blocks: approvalQueueBlocks({
      channels: ['C1'],
      waiting: [
        { targetId: 't1', jobId: 'j1', createdAt: 0, channel: 'C1', title: HOSTILE, lang: 'es', render: 1 },
      ],
    }),
  }),
  waitingList: () => waitingList('C1', [{ title: HOSTILE, lang: 'es' }]),
  sourceFixModal: () => ({
    text: 'x',
    view: sourceFixModal({
      sessionId: 's1',
      segmentId: 'a',
      lang: 'es',
      start: HOSTILE,
      end: HOSTILE,
      src: HOSTILE,
      others: [{ targetId: 't2', lang: 'de' }],
    }),
  }),
  sourceFixSummary: () =>
    sourceFixSummary({
      userId: 'U1',
      start: HOSTILE,
      end: HOSTILE,
      changed: [{ targetId: 't1', lang: 'es' }],
      missing: [{ targetId: 't2', lang: 'de' }],
    }),
  additionsSummary: () => ({
    text: additionsSummary([{ start: HOSTILE, end: HOSTILE, dst: HOSTILE, speaker: HOSTILE }]),
  }),
  speakersModal: () => ({ text: 'x', view: speakersModal({ targetId: 't1', lang: 'es', current: 2 }) }),
  helpMessage: () => helpMessage(),
  usageError: () => usageError(`"${HOSTILE}" is not a link.`),
  glossaryPicker: () => ({ text: 'x', block: glossaryPicker([{ id: 'g1', label: HOSTILE }], ['g1']) }),
  link: () => ({ text: link('https://x.example/a|<!here>>', HOSTILE) }),
  'importReport saved': () =>
    importReport({
      fileName: HOSTILE,
      userId: 'U1',
      issues: [{ line: 2, severity: 'warning', message: HOSTILE }],
      saved: { glossary: glossaryNamed(HOSTILE), updated: true, entries: 3, isDefault: false, channel: 'C1' },
    }),
  'importReport refused': () =>
    importReport({
      fileName: HOSTILE,
      userId: 'U1',
      issues: [{ line: 2, column: 1, severity: 'error', message: HOSTILE }],
      problem: HOSTILE,
    }),
  glossaryList: () => glossaryList([glossaryNamed(HOSTILE)], ['g1']),
  glossaryShown: () => glossaryShown(glossaryNamed(HOSTILE), { [HOSTILE]: HOSTILE }),
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
    settingsModal({
      channel: 'C1',
      dstLangs: ['es'],
      glossaries: [{ id: 'g1', label: HOSTILE }],
      glossaryIds: [],
    }),
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
  assignedMessage: () =>
    assignedMessage({
      assignment: assignmentRecord(),
      lang: 'es',
      title: HOSTILE,
      channel: 'C1',
    }),
  'Home assigned to me': () => ({
    blocks: assignedBlocks([
      {
        job: jobRecord({ title: HOSTILE, channel: 'C1' }),
        language: { lang: 'es', state: 'running', label: HOSTILE },
        assignment: assignmentRecord(),
      },
    ]),
  }),
});

describe('every builder with hostile strings', () => {
  for (const [name, build] of Object.entries(buildersOf(HOSTILE))) {
    it(`${name} lets no mention, link, bare & or formatting through`, () => {
      expectInert(name, build());
    });
  }

  for (const [name, build] of Object.entries(buildersOf(LONG))) {
    it(`${name} cuts a very long value to Slack's limits and stays inert`, () => {
      const built = build();
      expectInert(name, built);
      expectWithinLimits(name, built);
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

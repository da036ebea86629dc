import { describe, expect, it } from 'vitest';
import {
  destinationGroups,
  languageFlag,
  languageLabel,
  normalizeDestination,
  normalizeSource,
} from '../domain/languages.ts';
import { JOB_CARD, jobCard, readJobChoice } from '../features/dub/card-blocks.ts';
import { jobModal } from '../features/dub/job-modal.ts';
import { helpMessage, usageError } from '../features/dub/usage.ts';
import { messageParts } from '../features/message-parts.ts';
import { explainFailure } from '../thread/failures.ts';
import { dubbedReply, failedReply, startedReply } from '../thread/milestones.ts';
import { retryButtons } from '../thread/parts.ts';
import { statusMessage } from '../thread/status-message.ts';
import { type Block, formatDuration, LIMITS, progressBar } from './blocks.ts';

/** A parsed JSON tree (blocks as Slack receives them). */
// biome-ignore lint/suspicious/noExplicitAny: walking arbitrary Block Kit JSON
type Loose = Record<string, any>;

const json = (value: unknown): Loose => JSON.parse(JSON.stringify(value));

/** Every Slack limit a builder must respect, checked over the whole tree of blocks. */
function limitProblems(blocks: Block[], maxBlocks: number = LIMITS.messageBlocks): string[] {
  const problems: string[] = [];
  if (blocks.length > maxBlocks) problems.push(`${blocks.length} blocks > ${maxBlocks}`);
  const text = (t: { text?: string } | undefined, max: number, where: string) => {
    if (t?.text !== undefined && t.text.length > max) problems.push(`${where}: ${t.text.length} > ${max}`);
    if (t?.text === '') problems.push(`${where}: empty text`);
  };
  const option = (o: { text?: { text?: string }; value?: string }, where: string) => {
    text(o.text, LIMITS.optionText, `${where} option`);
    if ((o.value ?? '').length > LIMITS.optionValue) problems.push(`${where} option value too long`);
  };
  const tree: Loose[] = JSON.parse(JSON.stringify(blocks));
  for (const block of tree) {
    if (block.block_id && block.block_id.length > LIMITS.blockId) problems.push('block_id too long');
    if (block.type === 'section') text(block.text, LIMITS.sectionText, 'section');
    if (block.type === 'context' && block.elements.length > LIMITS.contextElements)
      problems.push('context elements');
    if (block.type === 'actions' && block.elements.length > LIMITS.actionsElements)
      problems.push('actions elements');
    const elements = [...(block.elements ?? []), ...(block.element ? [block.element] : [])];
    for (const el of elements) {
      if (el.action_id && el.action_id.length > LIMITS.actionId) problems.push('action_id too long');
      if (el.type === 'button') {
        text(el.text, LIMITS.buttonText, 'button');
        if ((el.value ?? '').length > LIMITS.buttonValue) problems.push('button value too long');
      }
      if (el.type === 'mrkdwn') text(el, LIMITS.sectionText, 'context');
      if (el.placeholder) text(el.placeholder, LIMITS.placeholder, 'placeholder');
      if (el.options) {
        if (el.options.length > LIMITS.options)
          problems.push(`${el.options.length} options > ${LIMITS.options}`);
        for (const o of el.options) option(o, el.action_id);
      }
      if (el.option_groups) {
        if (el.option_groups.length > LIMITS.optionGroups) problems.push('too many option groups');
        for (const g of el.option_groups) {
          if (g.options.length > LIMITS.options)
            problems.push(`group ${g.label.text}: ${g.options.length} options`);
          text(g.label, LIMITS.optionText, 'group label');
          for (const o of g.options) option(o, el.action_id);
        }
      }
    }
  }
  return problems;
}

const longTitle = 'A very long keynote title '.repeat(200);

describe('job card', () => {
  it('offers popular languages first, every option within Slack limits', () => {
    const card = jobCard({
      jobId: 'j1',
      title: longTitle,
      source: { kind: 'link', link: `https://example.com/${'x'.repeat(3000)}` },
      state: 'picking',
      dstLangs: ['es', 'de'],
      srcLang: null,
      numSpeakers: null,
      userId: 'U1',
    });
    expect(limitProblems(card.blocks)).toEqual([]);
    const groups = destinationGroups();
    expect(groups[0]?.label).toBe('Popular');
    expect(groups[0]?.codes.slice(0, 3)).toEqual(['es', 'de', 'fr']);
    expect(new Set(groups.flatMap((g) => g.codes)).size).toBe(groups.flatMap((g) => g.codes).length);
    const select = json(card.blocks[2]).elements[0];
    expect(select.initial_options.map((o: Loose) => o.value)).toEqual(['es', 'de']);
    expect(select.option_groups[0].options[0].text.text).toBe('🇪🇸 Spanish');
  });

  it('summarises the choice once started, and reads a picker state back', () => {
    const card = jobCard({
      jobId: 'j1',
      title: 'talk.mp4',
      source: { kind: 'file', name: 'talk.mp4' },
      state: 'started',
      dstLangs: ['pt-br', 'de'],
      srcLang: 'en',
      numSpeakers: 2,
      userId: 'U1',
    });
    expect(JSON.stringify(card.blocks)).toContain('Brazilian Portuguese');
    expect(JSON.stringify(card.blocks)).not.toContain(JOB_CARD.start);
    expect(
      readJobChoice({
        [JOB_CARD.dstBlock]: {
          [JOB_CARD.dstAction]: { selected_options: [{ value: 'es' }, { value: 'de' }] },
        },
        x: {
          [JOB_CARD.srcAction]: { selected_option: { value: 'auto' } },
          [JOB_CARD.speakersAction]: { selected_option: { value: '3' } },
        },
      }),
    ).toEqual({ dstLangs: ['es', 'de'], srcLang: null, numSpeakers: 3 });
  });

  it('builds the modal within the limits', () => {
    const modal = jobModal({ jobId: 'j', title: longTitle });
    expect(limitProblems(modal.blocks as Block[], LIMITS.modalBlocks)).toEqual([]);
    expect(modal.title.text.length).toBeLessThanOrEqual(LIMITS.modalTitle);
  });
});

describe('status and milestones', () => {
  it('shows stage, progress in 10 % steps and when it started, then the details for support', () => {
    const at = Date.UTC(2026, 10, 26, 14, 2, 30);
    const running = (progress: number, elapsedMs: number) =>
      statusMessage({
        lang: 'es',
        phase: 'running',
        stageLabel: 'Translating',
        progress,
        elapsedMs,
        startedAt: at,
      });
    const message = running(0.5, 6 * 60_000 + 5_000);
    expect(json(message.blocks[0]).text.text).toBe(
      '🇪🇸 Spanish — Translating  ▰▰▰▰▰▱▱▱▱▱ 50%  · started <!date^1795701750^{time}|14:02 UTC>',
    );
    // No support ids on a dub under way: they are for a failure.
    expect(message.blocks).toHaveLength(1);
    expect(limitProblems(message.blocks)).toEqual([]);
    // Time passing and a step smaller than 10 % change nothing a person sees: the same message, no edit.
    expect(running(0.57, 9 * 60_000)).toEqual(message);
    expect(running(0.6, 9 * 60_000).text).toBe('Spanish: Translating (60%)');
    const failed = statusMessage({
      lang: 'es',
      phase: 'failed',
      stageLabel: 'Translating',
      progress: 0.5,
      elapsedMs: 60_000,
      startedAt: at,
      failedWhile: 'Translating',
    });
    // A failure says "failed" (never "stopped", a person's Stop) and where.
    expect(json(failed.blocks[0]).text.text).toBe('🇪🇸 Spanish — ❌ Failed while translating · after 1 min');
    expect(failed.text).toBe('Spanish: failed');
    // Support's ids are behind the dub feature's Details menu, never a line of the message.
    expect(failed.blocks).toHaveLength(1);
  });

  it('links every output of a dub, escaping the title', () => {
    const reply = dubbedReply({
      lang: 'de',
      title: 'Q&A <live>',
      links: {
        video: 'https://x/v.mp4',
        audio: 'https://x/a.mp3',
        voiceover: null,
        srt: 'https://x/s.srt',
        vtt: 'https://x/s.vtt',
      },
    });
    const text = json(reply.blocks[0]).text.text as string;
    expect(text).toContain('<https://x/v.mp4|▶ Video>');
    expect(text).toContain('🎙 Voice only'); // no link, still listed
    expect(text).toContain('Q&amp;A &lt;live&gt;');
  });

  it('explains each failure and offers Retry only where it can help', () => {
    const noAudio = failedReply({ lang: 'es', status: 'no_audio', retry: retryButtons(messageParts, 't') });
    expect(noAudio.text).toContain('no sound track');
    expect(JSON.stringify(noAudio.blocks)).not.toContain('target_retry');
    const stage = failedReply({
      lang: 'es',
      status: 'translation_failed',
      stageLabel: 'Translating',
      retry: retryButtons(messageParts, 't'),
    });
    expect(stage.text).toContain('Dubbing failed while translating');
    expect(JSON.stringify(stage.blocks)).toContain('"value":"t"');
    expect(JSON.stringify(stage.blocks)).not.toMatch(/Project|translation_failed/);
    expect(explainFailure('failed', 'Failed').text).toBe('Dubbing failed.');
    expect(explainFailure('failed', 'Failed', 'the project no longer exists').text).toBe(
      'Dubbing failed. The project no longer exists.',
    );
    expect(explainFailure('forbidden_link').text).toMatch(/Make it public, or upload the file here/);
    expect(explainFailure('no_words').text).toMatch(/source language/);
    expect(explainFailure('upload_failed', undefined, 'not a video').text).toBe(
      'The video could not be uploaded: not a video.',
    );
    expect(limitProblems(startedReply({ langs: ['es', 'de'], userId: 'U' }).blocks)).toEqual([]);
  });

  it('gives usage help and errors', () => {
    expect(helpMessage().text).toContain('/dub <link>');
    expect(usageError('"x" is not a link.').text).toMatch(/^"x" is not a link\. `\/dub/);
  });
});

describe('languages and formats', () => {
  it('normalises codes as the service takes them', () => {
    expect(normalizeDestination('ES')).toBe('es');
    expect(normalizeDestination('pt_BR')).toBe('pt-br');
    expect(normalizeDestination('xx')).toBeUndefined();
    expect(normalizeDestination('es-mx-x')).toBeUndefined();
    expect(normalizeSource('en-us')).toBe('en');
    expect(languageLabel('zh-cn')).toBe('🇨🇳 Chinese (China)');
    expect(languageFlag('sw')).toBe('🌐');
  });

  it('formats durations and progress', () => {
    expect(formatDuration(45_000)).toBe('45 s');
    expect(formatDuration(72 * 60_000)).toBe('1 h 12 min');
    expect(progressBar(0)).toBe('▱▱▱▱▱▱▱▱▱▱ 0%');
    expect(progressBar(1.3)).toBe('▰▰▰▰▰▰▰▰▰▰ 100%');
  });
});

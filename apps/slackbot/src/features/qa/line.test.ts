// The QA line in a dubbed reply: its place, its button, and Slack's limits with the largest inputs.
import { describe, expect, it } from 'vitest';
import type { QaResult } from '../../domain/localization-qa.ts';
import { blockProblems } from '../../test-support/block-limits.ts';
import { long } from '../../test-support/inputs.ts';
import { dubbedReply } from '../../thread/milestones.ts';
import { dubbedActions } from '../../thread/parts.ts';
import { LIMITS } from '../../ui/blocks.ts';
import { messageParts } from '../message-parts.ts';
import { QA_ACTIONS, QA_BLOCK_ID, qaLine, withQaLine } from './line.ts';

const found: QaResult = { glossaryMisses: 3, tooFast: 5, tooLong: 0, overlaps: 0, flagged: [] };
const clean: QaResult = { glossaryMisses: 0, tooFast: 0, tooLong: 0, overlaps: 0, flagged: [] };
const reply = dubbedReply({
  lang: 'es',
  title: long(3000),
  links: { video: `https://x/${long(2000)}`, audio: null, voiceover: null, srt: null, vtt: null },
  actions: dubbedActions(messageParts, 't1'),
});

describe('QA line', () => {
  it('sits before the reply buttons, says what was found and opens Review flagged for the language', () => {
    const content = withQaLine(reply, qaLine(found, 't1'));
    const at = content.blocks.findIndex((b) => b.block_id === QA_BLOCK_ID);
    expect(content.blocks[at + 1]?.type).toBe('actions');
    expect(content.blocks[at]).toMatchObject({
      type: 'section',
      text: { text: '🔎 3 segments miss glossary terms · 5 subtitles read too fast' },
      accessory: { action_id: QA_ACTIONS.reviewFlagged, value: 't1', text: { text: 'Review flagged' } },
    });
    expect(content.text).toContain('3 segments miss glossary terms');
  });

  it('says no problems found, without a button, when QA found nothing', () => {
    const content = withQaLine(reply, qaLine(clean, 't1'));
    const line = content.blocks.find((b) => b.block_id === QA_BLOCK_ID);
    expect(JSON.stringify(line)).toContain('🔎 No problems found');
    expect(JSON.stringify(line)).not.toContain(QA_ACTIONS.reviewFlagged);
  });

  it('replaces a line already there rather than adding a second', () => {
    const twice = withQaLine(withQaLine(reply, qaLine(found, 't1')), qaLine(clean, 't1'));
    expect(twice.blocks.filter((b) => b.block_id === QA_BLOCK_ID)).toHaveLength(1);
    expect(twice.blocks).toHaveLength(reply.blocks.length + 1);
  });

  it('stays within Block Kit limits with the largest inputs', () => {
    const huge: QaResult = {
      glossaryMisses: 99_999,
      tooFast: 99_999,
      tooLong: 99_999,
      overlaps: 0,
      flagged: [],
    };
    const content = withQaLine(reply, qaLine(huge, long(255)));
    expect(blockProblems(content.blocks, LIMITS.messageBlocks)).toEqual([]);
    expect(content.text.length).toBeLessThanOrEqual(LIMITS.messageText);
  });
});

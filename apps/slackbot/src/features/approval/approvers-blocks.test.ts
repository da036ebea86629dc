// Who may approve, in the words a refused person reads, and the question Approve asks while QA flags are open:
// naming them, escaped, within a modal's limits at their largest.
import { describe, expect, it } from 'vitest';
import type { QaFlag } from '../../domain/localization-qa.ts';
import { viewProblems } from '../../test-support/block-limits.ts';
import { long } from '../../test-support/inputs.ts';
import { APPROVAL_ACTIONS, anyOf, approveAnywayModal, approversOnly, mention, unchecked } from './blocks.ts';

const flag = (number: number, reasons: string[]): QaFlag => ({
  segmentId: `s${number}`,
  number,
  start: '00:00:12,000',
  end: '00:00:15,000',
  reasons,
});

describe('approvers in words', () => {
  it('names one, two or more people who can, and that nothing was done', () => {
    expect(anyOf(['UA'])).toBe('<@UA>');
    expect(anyOf(['UA', 'UB'])).toBe('<@UA> or <@UB>');
    expect(anyOf(['UA', 'UB', 'UC'])).toBe('<@UA>, <@UB> or <@UC>');
    expect(approversOnly(['UA', 'UB'], 'approve')).toBe(
      '⛔ Only <@UA> or <@UB> can approve in this channel. Nothing was done.',
    );
    expect(approversOnly(['UA'], 'request changes')).toBe(
      '⛔ Only <@UA> can request changes in this channel. Nothing was done.',
    );
  });

  it('names a user group as Slack mentions one, among the people', () => {
    expect(mention('S0QA')).toBe('<!subteam^S0QA>');
    expect(mention('U0A')).toBe('<@U0A>');
    expect(approversOnly(['UA', 'S0QA'], 'approve')).toBe(
      '⛔ Only <@UA> or <!subteam^S0QA> can approve in this channel. Nothing was done.',
    );
    expect(unchecked('approve')).toContain('could not be checked. Nothing was done');
  });
});

describe('Approve while QA flags are open', () => {
  it('names each flag with its segment number and why, and acts on the render it was asked about', () => {
    const view = approveAnywayModal({
      lang: 'es',
      render: 2,
      flags: [
        flag(4, ['Glossary: “launch” should be “lanzamiento”']),
        flag(7, ['Line 1 is too long: 48 characters (at most 42)']),
      ],
      subject: 't1:2',
    });
    expect(view.callback_id).toBe(APPROVAL_ACTIONS.approveAnywayCallbackId);
    expect(view.private_metadata).toBe('t1:2');
    expect(view.submit?.text).toBe('Approve anyway');
    const text = JSON.stringify(view.blocks);
    expect(text).toContain('*Spanish has 2 open QA flags:*');
    expect(text).toContain('• #4 (00:00:12,000): Glossary: “launch” should be “lanzamiento”');
    expect(text).toContain('• #7 (00:00:12,000): Line 1 is too long: 48 characters (at most 42)');
    expect(text).toContain('Approve render 2 of Spanish anyway?');
    expect(viewProblems(view)).toEqual([]);
  });

  it('escapes a glossary term, counts the flags it does not list, and stays within limits', () => {
    const many = Array.from({ length: 400 }, (_, i) =>
      flag(i + 1, [`Glossary: “<!channel> *${long(300)}*” should be “<https://evil.example|x>”`]),
    );
    const view = approveAnywayModal({ lang: 'de', render: 1, flags: many, subject: 't1:1' });
    const text = JSON.stringify(view.blocks);
    expect(text).toContain('German has 400 open QA flags');
    expect(text).not.toContain('<!channel>');
    expect(text).not.toContain('<https://evil.example');
    expect(viewProblems(view)).toEqual([]);
  });

  it('says when QA could not be read, and still asks', () => {
    const view = approveAnywayModal({ lang: 'es', render: 1, flags: null, subject: 't1:1' });
    const text = JSON.stringify(view.blocks);
    expect(text).toContain('The QA of Spanish could not be read from the dubbing service just now.');
    expect(text).toContain('Approve render 1 of Spanish anyway?');
  });
});

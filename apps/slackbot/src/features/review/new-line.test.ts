// A missing line: timecodes read as people type them, what is wrong said under its input, the dialog and the
// review's list of lines to add within Slack's limits with the largest inputs.
import { describe, expect, it } from 'vitest';
import { viewProblems } from '../../test-support/block-limits.ts';
import { long } from '../../test-support/inputs.ts';
import { option } from '../../ui/blocks.ts';
import { reviewModal } from './modal.ts';
import {
  additionsSummary,
  clockTime,
  NEW_LINE,
  newLineView,
  overlapProblem,
  parseTimecode,
  readNewLine,
  refusedLinesText,
  spokenTime,
} from './new-line.ts';

const typed = (start: string, end: string, text: string, speaker?: string) => ({
  [NEW_LINE.startBlock]: { [NEW_LINE.action]: { value: start } },
  [NEW_LINE.endBlock]: { [NEW_LINE.action]: { value: end } },
  [NEW_LINE.textBlock]: { [NEW_LINE.action]: { value: text } },
  [NEW_LINE.speakerBlock]: { [NEW_LINE.action]: { selected_option: speaker ? { value: speaker } : null } },
});

describe('parseTimecode', () => {
  it('reads seconds, minutes and hours, with a comma or a dot before the fraction', () => {
    expect(parseTimecode('62')).toBe(62_000);
    expect(parseTimecode('62.5')).toBe(62_500);
    expect(parseTimecode('1:02.5')).toBe(62_500);
    expect(parseTimecode(' 1:02,25 ')).toBe(62_250);
    expect(parseTimecode('00:01:02,500')).toBe(62_500);
    expect(parseTimecode('1:00:00')).toBe(3_600_000);
  });

  it('refuses what is not a time', () => {
    for (const bad of ['', 'soon', '1:75', '1:60:00', '-3', '1:2:3:4', '1.2.3', '12:34,5678'])
      expect(parseTimecode(bad), bad).toBeNull();
  });
});

describe('readNewLine', () => {
  it('gives the line in the service’s timecodes, the speaker when one was picked', () => {
    expect(readNewLine(typed('1:02.5', '1:04', '  Hola de nuevo ', 'SPEAKER_01'))).toEqual({
      ok: true,
      line: { start: '00:01:02,500', end: '00:01:04,000', dst: 'Hola de nuevo', speaker: 'SPEAKER_01' },
    });
    expect(readNewLine(typed('3', '4', 'x'))).toMatchObject({ ok: true, line: { speaker: null } });
  });

  it('says under each input what is wrong', () => {
    expect(readNewLine(typed('soon', '4', ''))).toEqual({
      ok: false,
      errors: {
        [NEW_LINE.startBlock]: 'A time like 1:02.5 or 00:01:02,500.',
        [NEW_LINE.textBlock]: 'What the line says, translated.',
      },
    });
    expect(readNewLine(typed('5', '4', 'x'))).toEqual({
      ok: false,
      errors: { [NEW_LINE.endBlock]: 'The line must end after it starts.' },
    });
    expect(readNewLine({})).toMatchObject({ ok: false });
  });

  it('refuses a line ending past the video, and takes one ending with it', () => {
    expect(readNewLine(typed('0:55', '2:04', 'x'), 57_000)).toEqual({
      ok: false,
      errors: { [NEW_LINE.endBlock]: 'The video is 0:57 long: the line must end by then.' },
    });
    expect(readNewLine(typed('0:55', '0:57', 'x'), 57_000)).toMatchObject({ ok: true });
    expect(readNewLine(typed('0:55', '2:04', 'x'))).toMatchObject({ ok: true });
  });
});

describe('clockTime', () => {
  it('says a length as people read it, whole seconds rounded up', () => {
    expect(clockTime(57_000)).toBe('0:57');
    expect(clockTime(56_200)).toBe('0:57');
    expect(clockTime(3_723_000)).toBe('1:02:03');
  });
});

describe('the line’s dialog and the lines to add', () => {
  const lines = Array.from({ length: 50 }, (_, i) => ({
    start: '00:00:01,000',
    end: '00:00:02,000',
    dst: `<!here> ${long(3000)}`,
    speaker: i % 2 ? `SPEAKER_${i}` : null,
  }));
  const segments = Array.from({ length: 40 }, (_, i) => ({
    id: `s${i}`,
    start: '00:00:01,000',
    end: '00:00:02,000',
    speaker: 'SPEAKER_00',
    src: long(3000),
    dst: long(3000),
  }));

  it('stay within limits with 100 speakers, 50 lines of 3,000 characters', () => {
    const speakers = Array.from({ length: 150 }, (_, i) => option(`SPEAKER_${i}`, `SPEAKER_${i}`));
    expect(viewProblems(newLineView({ sessionId: long(40), lang: 'zh-tw', speakers }))).toEqual([]);
    expect(viewProblems(newLineView({ sessionId: 's', lang: 'es', speakers: [] }))).toEqual([]);
    const page = reviewModal({ sessionId: 's', lang: 'es', segments, edits: {}, additions: lines, page: 0 });
    expect(viewProblems(page)).toEqual([]);
    expect(JSON.stringify(page.blocks)).toContain('50 to add');
    expect(JSON.stringify(page.blocks)).toContain(NEW_LINE.open);
  });

  it('the dialog says the video’s length when it is known', () => {
    const text = (videoMs?: number) =>
      JSON.stringify(newLineView({ sessionId: 's', lang: 'es', speakers: [], videoMs }).blocks);
    expect(text(57_000)).toContain('The video is 0:57 long: a line ends by then.');
    expect(text()).not.toContain('The video is');
  });

  it('a partly refused save’s page stays within limits with its notice and refused lines quoted', () => {
    const refused = refusedLinesText(lines);
    expect(refused).toContain('…and 45 more');
    expect(refused).not.toContain('<!here>');
    const page = reviewModal({ sessionId: 's', lang: 'es', segments, edits: {}, page: 0, notice: refused });
    expect(viewProblems(page)).toEqual([]);
  });

  it('lists the lines to add, escaped, the rest counted', () => {
    const summary = additionsSummary(lines.slice(0, 12));
    expect(summary).toContain('*Lines to add when you save (12)*');
    expect(summary).toContain('`00:00:01,000 → 00:00:02,000` SPEAKER_1 “&lt;!here&gt;');
    expect(summary).not.toContain('<!here>');
    expect(summary).toContain('…and 2 more');
  });
});

describe('a line to add over lines the dub keeps', () => {
  const line = (start: string, end: string) => ({ start, end, dst: 'x', speaker: null });
  const kept = [
    { label: '#14', start: '00:02:51,000', end: '00:02:53,200' },
    { label: '#15', start: '00:02:53,500', end: '00:02:56,000' },
    { label: '#16', start: '00:02:56,000', end: '00:02:58,000' },
  ];

  it('is refused with each line it overlaps named, in the words people read', () => {
    expect(overlapProblem(line('00:02:52,000', '00:02:54,500'), kept)).toBe(
      '2:52–2:54.5 overlaps #14 (2:51–2:53.2) and #15 (2:53.5–2:56): platforms refuse overlapping subtitles. ' +
        'Pick times outside those lines, or remove them in the review first.',
    );
    expect(overlapProblem(line('00:02:57,000', '00:02:59,000'), kept)).toMatch(/^2:57–2:59 overlaps #16 \(/);
  });

  it('is taken in a gap, touching the lines around it', () => {
    expect(overlapProblem(line('00:02:53,200', '00:02:53,500'), kept)).toBeUndefined();
    expect(overlapProblem(line('00:02:58,000', '00:03:00,000'), kept)).toBeUndefined();
  });

  it('names three lines at most, and counts the rest', () => {
    expect(overlapProblem(line('00:00:00,000', '00:05:00,000'), [...kept, ...kept])).toContain(
      '#14 (2:51–2:53.2), #15 (2:53.5–2:56), #16 (2:56–2:58) and 3 more:',
    );
  });

  it('reads times as people write them', () => {
    expect(spokenTime(172_000)).toBe('2:52');
    expect(spokenTime(174_500)).toBe('2:54.5');
    expect(spokenTime(3_723_250)).toBe('1:02:03.25');
  });
});

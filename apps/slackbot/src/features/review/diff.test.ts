import { describe, expect, it } from 'vitest';
import type { ReviewSegment } from '../../store/store.ts';
import { describeChanges, findConflicts, mergeEdits, planSave, touchedIds } from './diff.ts';

const seg = (id: string, dst: string, speaker: string | null = 'SPEAKER_00'): ReviewSegment => ({
  id,
  start: '00:00:01,000',
  end: '00:00:02,000',
  speaker,
  src: `src ${id}`,
  dst,
});
const baseline = [seg('a', 'Hola'), seg('b', 'Adiós'), seg('c', 'Gracias', 'SPEAKER_01'), seg('d', 'Sí')];

describe('mergeEdits', () => {
  it('keeps only real changes, and a later page value replaces an earlier one', () => {
    let edits = mergeEdits(
      baseline,
      {},
      {
        a: { dst: 'Hola' },
        b: { dst: 'Chao', speaker: 'SPEAKER_00', removed: false },
        c: { dst: 'Gracias', removed: true },
      },
    );
    expect(edits).toEqual({ b: { dst: 'Chao' }, c: { removed: true } });
    edits = mergeEdits(baseline, edits, { b: { dst: 'Adiós' }, c: { dst: 'Gracias', removed: false } });
    expect(edits).toEqual({});
  });

  it('treats an emptied input as no new text and ignores unknown segments', () => {
    expect(mergeEdits(baseline, {}, { a: { dst: '  ' }, zz: { dst: 'x' } })).toEqual({});
  });
});

describe('planSave', () => {
  it('sends only the changes in one patch, speaker and text changes together, removals as deletes', () => {
    const plan = planSave(baseline, {
      a: { dst: 'Hola a todos' },
      b: { speaker: 'SPEAKER_01', dst: 'Chao' },
      c: { removed: true, dst: 'ignored' },
    });
    // In the baseline's order, a segment naming a speaker next to one that does not.
    expect(plan.patch).toEqual([
      { id: 'a', dst: { text: 'Hola a todos' } },
      { id: 'b', dst: { text: 'Chao' }, speaker: 'SPEAKER_01' },
    ]);
    expect(plan.removals).toEqual(['c']);
    expect(plan.edited).toBe(2);
    expect(touchedIds(plan).sort()).toEqual(['a', 'b', 'c']);
  });

  it('has nothing to send without changes', () => {
    expect(planSave(baseline, {})).toEqual({ patch: [], removals: [], edited: 0 });
  });

  it('scales to 2,000 segments with every one edited', () => {
    const many = Array.from({ length: 2000 }, (_, i) => seg(`s${i}`, `t${i}`));
    const edits = Object.fromEntries(many.map((s) => [s.id, { dst: `${s.dst}!` }]));
    const plan = planSave(many, edits);
    expect(plan.patch).toHaveLength(2000);
    expect(plan.edited).toBe(2000);
  });
});

describe('findConflicts', () => {
  it('reports touched segments whose text or speaker changed on the service, or that were deleted', () => {
    const edits = { a: { dst: 'mine a' }, b: { dst: 'mine b' }, c: { removed: true }, d: { dst: 'mine d' } };
    const current = [
      { id: 'a', dst: { text: 'Hola' }, speaker: 'SPEAKER_00' }, // untouched by others
      { id: 'b', dst: { text: 'Hasta luego' }, speaker: 'SPEAKER_00' }, // text changed
      { id: 'c', dst: { text: 'Gracias' }, speaker: 'SPEAKER_00' }, // speaker changed
    ];
    expect(findConflicts(baseline, edits, current)).toEqual([
      { id: 'b', number: 2, was: 'Adiós', now: 'Hasta luego', mine: 'mine b' },
      { id: 'c', number: 3, was: 'Gracias', now: 'Gracias', mine: null },
      { id: 'd', number: 4, was: 'Sí', now: null, mine: 'mine d' },
    ]);
  });

  it('ignores segments changed by others that this save does not touch', () => {
    const current = baseline.map((s) => ({
      id: s.id,
      dst: { text: `${s.dst} (theirs)` },
      speaker: s.speaker,
    }));
    expect(findConflicts(baseline, {}, current)).toEqual([]);
  });
});

describe('describeChanges', () => {
  it('reads as a sentence', () => {
    expect(describeChanges(7, 1)).toBe('edited 7 segments and removed 1');
    expect(describeChanges(1, 0)).toBe('edited 1 segment');
    expect(describeChanges(0, 2)).toBe('removed 2 segments');
    expect(describeChanges(1, 1, 2)).toBe('edited 1 segment, removed 1 and added 2');
    expect(describeChanges(0, 0, 1)).toBe('added 1 segment');
    expect(describeChanges(3, 0, 1)).toBe('edited 3 segments and added 1');
  });
});

// The re-dub price: changed and added segments by combined length, rounded by the vendor's rule, each segment
// counted once, a voice change charging every segment of its speaker, deleted segments not charged.
import { describe, expect, it } from 'vitest';
import { describeCost, type PricedSegment, renderCost } from './cost.ts';

/** A segment from second `from` to second `to` (fractions allowed). */
const seg = (id: string, from: number, to: number, speaker = 'SPEAKER_00'): PricedSegment => {
  const tc = (s: number) => {
    const ms = Math.round(s * 1000);
    const pad = (n: number, w = 2) => String(n).padStart(w, '0');
    return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)},${pad(ms % 1000, 3)}`;
  };
  return { id, start: tc(from), end: tc(to), speaker };
};

describe('renderCost', () => {
  it('costs nothing when nothing changed', () => {
    expect(renderCost([seg('a', 0, 30)], [])).toEqual({ minutes: 0, changed: 0, added: 0, ms: 0 });
  });

  it('charges a minute from the first second of change', () => {
    expect(renderCost([seg('a', 0, 0.5)], [{ kind: 'edited', ref: 'a' }])).toMatchObject({
      minutes: 1,
      changed: 1,
      ms: 500,
    });
  });

  it('sums changed and added segments, then rounds to the nearest minute, half a minute up', () => {
    const segments = [seg('a', 0, 45), seg('b', 45, 89), seg('c', 89, 120)];
    // 45 s + 44 s = 1:29 → 1 minute.
    expect(
      renderCost(segments, [
        { kind: 'edited', ref: 'a' },
        { kind: 'added', ref: 'b' },
      ]),
    ).toEqual({ minutes: 1, changed: 1, added: 1, ms: 89_000 });
    // One more second, 1:30 → 2 minutes.
    expect(
      renderCost(
        [seg('a', 0, 45), seg('b', 45, 90)],
        [
          { kind: 'edited', ref: 'a' },
          { kind: 'added', ref: 'b' },
        ],
      ).minutes,
    ).toBe(2);
  });

  it('charges every segment of a speaker whose voice changed, each segment once', () => {
    const segments = [seg('a', 0, 20, 'SPEAKER_01'), seg('b', 20, 40), seg('c', 40, 70, 'SPEAKER_01')];
    expect(
      renderCost(segments, [
        { kind: 'voice', ref: 'SPEAKER_01' },
        { kind: 'edited', ref: 'a' },
        { kind: 'added', ref: 'c' },
      ]),
    ).toEqual({ minutes: 1, changed: 1, added: 1, ms: 50_000 });
  });

  it('does not charge a changed segment that was deleted since', () => {
    expect(renderCost([seg('a', 0, 10)], [{ kind: 'edited', ref: 'gone' }])).toMatchObject({
      minutes: 0,
      changed: 0,
    });
  });

  it('prices 2,000 changed segments of 3 s as 100 minutes', () => {
    const segments = Array.from({ length: 2000 }, (_, i) => seg(`s${i}`, i * 3, i * 3 + 3));
    const cost = renderCost(
      segments,
      segments.map((s) => ({ kind: 'edited' as const, ref: s.id })),
    );
    expect(cost).toEqual({ minutes: 100, changed: 2000, added: 0, ms: 6_000_000 });
  });
});

describe('describeCost', () => {
  it('reads as the confirmation says it', () => {
    expect(describeCost({ minutes: 2, changed: 3, added: 1, ms: 100_000 }, 41)).toBe(
      'about 2 minutes of 41 left: 3 segments changed, 1 added',
    );
    expect(describeCost({ minutes: 1, changed: 1, added: 0, ms: 5_000 }, 6000)).toBe(
      'about 1 minute of 6,000 left: 1 segment changed',
    );
    expect(describeCost({ minutes: 1, changed: 0, added: 2, ms: 5_000 }, 3)).toBe(
      'about 1 minute of 3 left: 2 segments added',
    );
    expect(describeCost({ minutes: 0, changed: 0, added: 0, ms: 0 }, 3)).toBe(
      'nothing changed since the last render: no minutes',
    );
  });
});

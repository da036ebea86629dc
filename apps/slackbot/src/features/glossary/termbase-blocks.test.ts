// The termbase offer's builders: every pair a ticked checkbox (in groups of ten), the source column selected,
// the button naming only the offer; values from the file escaped; within Slack's limits; the ticked ids read
// back from a message's state, and nothing else.
import { describe, expect, it } from 'vitest';
import { blockProblems } from '../../test-support/block-limits.ts';
import { LIMITS } from '../../ui/blocks.ts';
import { languagePairs, MAX_PAIRS } from './pairs.ts';
import { TERMBASE_UI, termbaseChoice, termbaseChosen, tickedPairIds } from './termbase-blocks.ts';

const offer = (languages: string[], source = 0, over: { name?: string; fileName?: string } = {}) =>
  termbaseChoice({
    offerId: 'offer-1',
    fileName: over.fileName ?? 'terms.csv',
    userId: 'U1',
    name: over.name ?? 'Brand',
    languages,
    source,
    pairs: languagePairs(languages, source).map((pair, i) => ({ ...pair, terms: i + 1 })),
    leftOut: Math.max(0, languages.length - 1 - MAX_PAIRS),
  });

type Element = { type: string; action_id?: string; value?: string; options?: { value: string }[] };
type Checkboxes = Element & { initial_options: { value: string; text: { text: string } }[] };
const elements = (blocks: unknown[]): Element[] =>
  blocks.flatMap((b) => {
    const block = b as { elements?: Element[]; accessory?: Element };
    return [...(block.elements ?? []), ...(block.accessory ? [block.accessory] : [])];
  });

describe('the termbase offer', () => {
  it('ticks every pair, selects the source column, and its button names only the offer', () => {
    const message = offer(['en', 'es', 'de', 'fr']);
    expect(blockProblems(message.blocks, LIMITS.messageBlocks)).toEqual([]);
    const all = elements(message.blocks);
    const boxes = all.filter((e) => e.type === 'checkboxes') as Checkboxes[];
    expect(boxes).toHaveLength(1);
    expect(boxes[0]!.action_id).toBe(TERMBASE_UI.pairs);
    expect(boxes[0]!.initial_options.map((o) => [o.value, o.text.text])).toEqual([
      ['0>1', 'English → Spanish · 1 term'],
      ['0>2', 'English → German · 2 terms'],
      ['0>3', 'English → French · 3 terms'],
    ]);
    const source = all.find((e) => e.action_id === TERMBASE_UI.source) as Element & {
      initial_option: { value: string };
    };
    expect(source.options!.map((o) => o.value)).toEqual(['offer-1:0', 'offer-1:1', 'offer-1:2', 'offer-1:3']);
    expect(source.initial_option.value).toBe('offer-1:0');
    expect(all.find((e) => e.action_id === TERMBASE_UI.create)?.value).toBe('offer-1');
    const shown = JSON.stringify(message);
    expect(shown).toContain('English, Spanish, German and French');
    expect(shown).toContain('nothing is created before that');
    expect(shown).toContain('“Brand (en→es)”');
    expect(shown).not.toMatch(/srcLang|dstLang|--src|--dst|src_lang/);
  });

  it('says how many lines a pair has to fix, still ticked', () => {
    const message = termbaseChoice({
      offerId: 'o',
      fileName: 't.csv',
      userId: 'U1',
      name: 'B',
      languages: ['en', 'es', 'de'],
      source: 0,
      pairs: [
        { id: '0>1', src: 'en', dst: 'es', terms: 3, errorLines: 1 },
        { id: '0>2', src: 'en', dst: 'de', terms: 4, errorLines: 0 },
      ],
      leftOut: 0,
    });
    const boxes = elements(message.blocks).find((e) => e.type === 'checkboxes') as Checkboxes;
    expect(boxes.initial_options.map((o) => o.text.text)).toEqual([
      'English → Spanish · 3 terms · 1 line to fix',
      'English → German · 4 terms',
    ]);
  });

  it('draws another source’s pairs under other block ids, so the boxes start ticked again', () => {
    const first = offer(['en', 'es', 'de']);
    const moved = offer(['en', 'es', 'de'], 2);
    const ids = (m: typeof first) =>
      m.blocks.map((b) => b.block_id).filter((id) => id?.startsWith('tb_pairs'));
    expect(ids(first)).toEqual(['tb_pairs_0_0']);
    expect(ids(moved)).toEqual(['tb_pairs_2_0']);
    expect(JSON.stringify(moved)).toContain('German → English');
  });

  it('puts at most ten pairs in a checkbox group and says how many languages are left out', () => {
    const languages = Array.from({ length: MAX_PAIRS + 3 }, (_, i) => `l${String.fromCharCode(97 + i)}`);
    const message = offer(languages);
    expect(blockProblems(message.blocks, LIMITS.messageBlocks)).toEqual([]);
    const boxes = elements(message.blocks).filter((e) => e.type === 'checkboxes') as Checkboxes[];
    expect(boxes.map((b) => b.options!.length)).toEqual([10, MAX_PAIRS - 10]);
    expect(JSON.stringify(message)).toContain('2 more languages are not offered');
  });

  it('escapes the file’s and the glossary’s names', () => {
    const message = offer(['en', 'es', 'de'], 0, { name: '<!channel> *x*', fileName: '<@U9>.csv' });
    const shown = JSON.stringify(message);
    expect(shown).not.toMatch(/<!channel>|<@U9>/);
    expect(message.text).not.toContain('<@U9>');
  });

  it('once chosen, says what is being created and by whom, with no controls', () => {
    const done = termbaseChosen({
      fileName: 'terms.csv',
      userId: 'U2',
      pairs: [
        { src: 'en', dst: 'es' },
        { src: 'en', dst: 'fr' },
      ],
    });
    expect(done.blocks).toHaveLength(1);
    expect(JSON.stringify(done)).toContain(
      '<@U2> chose 2 glossaries from *terms.csv*: English → Spanish, English → French',
    );
    expect(elements(done.blocks)).toEqual([]);
  });
});

describe('the ticked pairs in a message’s state', () => {
  it('are every group’s selected values; none sent means as drawn', () => {
    const values = {
      tb_pairs_0_0: { [TERMBASE_UI.pairs]: { selected_options: [{ value: '0>1' }, { value: '0>3' }] } },
      tb_pairs_0_1: { [TERMBASE_UI.pairs]: { selected_options: [{ value: '0>12' }] } },
      tb_source: { [TERMBASE_UI.source]: { selected_option: { value: 'offer-1:0' } } },
    };
    expect(tickedPairIds(values)).toEqual(['0>1', '0>3', '0>12']);
    expect(tickedPairIds({ tb_pairs_0_0: { [TERMBASE_UI.pairs]: { selected_options: [] } } })).toEqual([]);
    expect(tickedPairIds({})).toBeUndefined();
    expect(tickedPairIds(undefined)).toBeUndefined();
    // Shapes Slack never sends are skipped, not trusted.
    const odd = { b: { [TERMBASE_UI.pairs]: { selected_options: [{ value: 7 }, null, { value: '0>1' }] } } };
    expect(tickedPairIds(odd as never)).toEqual(['0>1']);
  });
});

// checkGlossaryCompliance: which segments use a glossary's source term where the translation lacks its target
// term. The glossary is indexed once (a trie of its source terms by words); each segment's source is split into
// words once and walked through the trie, so the cost grows with the text, not with text × terms.
import { insert, newNode, type TrieNode } from './term-index.ts';
import { hasWord, localeOf, type Words, wordKeyer, words } from './term-tokens.ts';

/** A segment as the service returns it (structurally): only `id` and the texts are read. */
export interface ComplianceSegment {
  id?: string;
  src?: { text: string } | null;
  dst?: { text: string } | null;
}

export interface ComplianceOptions {
  /** Language of the source texts and terms (`en`, `tr`, `zh-hant`): lower case follows its rules. */
  srcLang: string;
  /** Language of the translations and target terms. */
  dstLang: string;
}

/** A source term found in a segment whose translation lacks the term's target. */
export interface MissingTerm {
  source: string;
  target: string;
  /** Where the term was first found in the source text (UTF-16 offsets, end exclusive). */
  start: number;
  end: number;
}

export interface ComplianceFinding {
  /** 0-based position of the segment in the array given. */
  segment: number;
  id?: string;
  missing: MissingTerm[];
}

/**
 * An entry as indexed. Its target's words and its node in the target trie are made when first needed: a video
 * meets a fraction of a glossary's terms, and indexing every target cost as much as the check itself.
 */
export interface Entry {
  source: string;
  target: string;
  targetWords?: readonly string[];
  targetNode?: TrieNode<true>;
}

/** A glossary indexed once, for checking many segments (or many videos) against it. */
export class GlossaryMatcher {
  readonly srcLang: string;
  readonly dstLang: string;
  /** Entries whose source or target term has no letter or digit: no whole word to find, so never checked. */
  readonly skipped: readonly string[];
  private readonly sources = newNode<Entry[]>();
  private readonly entries: Entry[] = [];
  /** Every entry's target, built the first time a segment holds many terms (see missingTargets). */
  private targets: TrieNode<true> | undefined;
  // The words of the segment being checked, in arrays reused from one segment to the next.
  private readonly sourceWords: Words = { keys: [], starts: [], ends: [] };
  private readonly translationWords: Words = { keys: [], starts: [], ends: [] };
  private readonly srcKey: (word: string) => string;
  private readonly dstKey: (word: string) => string;

  /** Indexes `entries` (source term → target term). Throws a RangeError when a language is not a code. */
  constructor(entries: Record<string, string>, options: ComplianceOptions) {
    if (typeof options?.srcLang !== 'string' || typeof options.dstLang !== 'string') {
      throw new TypeError('a glossary check needs { srcLang, dstLang }: the languages of the terms');
    }
    this.srcLang = options.srcLang;
    this.dstLang = options.dstLang;
    this.srcKey = wordKeyer(localeOf(options.srcLang, 'srcLang'));
    this.dstKey = wordKeyer(localeOf(options.dstLang, 'dstLang'));
    const skipped: string[] = [];
    for (const [source, target] of Object.entries(entries)) {
      const sourceWords = words(source, this.srcKey, false).keys;
      if (sourceWords.length === 0 || typeof target !== 'string' || !hasWord(target)) {
        skipped.push(source);
        continue;
      }
      const entry: Entry = { source, target };
      const sourceNode = insert(this.sources, sourceWords);
      sourceNode.value ??= [];
      sourceNode.value.push(entry);
      this.entries.push(entry);
    }
    this.skipped = skipped;
  }

  /** Source terms in `text`: leftmost longest matches, each entry once, at its first place. */
  findTerms(text: string): FoundTerm[] {
    const found: FoundTerm[] = [];
    if (text === '') return found;
    const { keys, starts, ends } = words(text, this.srcKey, true, this.sourceWords);
    let seen: Set<TrieNode<Entry[]>> | undefined;
    let index = 0;
    while (index < keys.length) {
      // Walk down from this word as far as the words go, remembering the longest term passed.
      let node: TrieNode<Entry[]> | undefined = this.sources;
      let longest: TrieNode<Entry[]> | undefined;
      let longestEnd = index;
      for (let at = index; at < keys.length; at++) {
        node = node.next?.get(keys[at]!);
        if (node === undefined) break;
        if (node.value !== undefined) {
          longest = node;
          longestEnd = at + 1;
        }
      }
      if (longest === undefined) {
        index++;
        continue;
      }
      seen ??= new Set();
      if (!seen.has(longest)) {
        seen.add(longest);
        for (const entry of longest.value!)
          found.push({ entry, start: starts[index]!, end: ends[longestEnd - 1]! });
      }
      index = longestEnd;
    }
    return found;
  }

  /**
   * The entries of `found` whose target is missing from `text`. A few entries are each looked for along the
   * translation's words (a handful of comparisons per word); many are settled in one walk of the target trie from
   * every word, whose cost does not grow with the number of entries.
   */
  missingTargets(found: readonly FoundTerm[], text: string): FoundTerm[] {
    const keys = words(text, this.dstKey, false, this.translationWords).keys;
    if (found.length <= FEW_TERMS) {
      return found.filter(({ entry }) => !containsWords(keys, this.targetWords(entry)));
    }
    const targets = this.targetTrie();
    const present = new Set<TrieNode<true>>();
    for (let index = 0; index < keys.length; index++) {
      let node: TrieNode<true> | undefined = targets;
      for (let at = index; at < keys.length; at++) {
        node = node.next?.get(keys[at]!);
        if (node === undefined) break;
        if (node.value !== undefined) present.add(node);
      }
    }
    return found.filter(({ entry }) => !present.has(entry.targetNode!));
  }

  private targetWords(entry: Entry): readonly string[] {
    entry.targetWords ??= words(entry.target, this.dstKey, false).keys;
    return entry.targetWords;
  }

  private targetTrie(): TrieNode<true> {
    if (this.targets === undefined) {
      const targets = newNode<true>();
      for (const entry of this.entries) {
        const node = insert(targets, this.targetWords(entry));
        node.value = true;
        entry.targetNode = node;
      }
      this.targets = targets;
    }
    return this.targets;
  }
}

/** Up to this many terms found in a segment, each target is looked for on its own (see missingTargets). */
const FEW_TERMS = 8;

/** A source term found in a text, and where. */
export interface FoundTerm {
  entry: Entry;
  start: number;
  end: number;
}

/** Whether `words` holds `wanted` as consecutive words. */
function containsWords(words: readonly string[], wanted: readonly string[]): boolean {
  const first = wanted[0];
  const last = words.length - wanted.length;
  for (let index = 0; index <= last; index++) {
    if (words[index] !== first) continue;
    let at = 1;
    while (at < wanted.length && words[index + at] === wanted[at]) at++;
    if (at === wanted.length) return true;
  }
  return false;
}

function textOf(side: { text: string } | null | undefined): string {
  return typeof side?.text === 'string' ? side.text : '';
}

/**
 * The segments whose source text holds a glossary source term (as whole words, in any case; letter by letter in
 * scripts written without spaces) while their translation does not hold that term's target. Where terms overlap,
 * the longest match starting leftmost is the one checked (`Acme Cloud`, not `Cloud` inside it). A term found
 * several times in a segment is reported once, at its first place. `entries` may be a GlossaryMatcher built once
 * (then `options` are its own).
 */
export function checkGlossaryCompliance(
  segments: readonly ComplianceSegment[],
  entries: Record<string, string> | GlossaryMatcher,
  options?: ComplianceOptions,
): ComplianceFinding[] {
  const matcher =
    entries instanceof GlossaryMatcher ? entries : new GlossaryMatcher(entries, options as ComplianceOptions);
  const findings: ComplianceFinding[] = [];
  segments.forEach((segment, position) => {
    const found = matcher.findTerms(textOf(segment.src));
    if (found.length === 0) return;
    const missed = matcher.missingTargets(found, textOf(segment.dst));
    if (missed.length === 0) return;
    const missing = missed.map(
      ({ entry, start, end }): MissingTerm => ({ source: entry.source, target: entry.target, start, end }),
    );
    const finding: ComplianceFinding = { segment: position, missing };
    if (typeof segment.id === 'string') finding.id = segment.id;
    findings.push(finding);
  });
  return findings;
}

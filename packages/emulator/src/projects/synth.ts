// Synthetic but deterministic content: transcription text from the media's fingerprint, speakers,
// and a recognisable pseudo-translation that applies the project's glossary terms.

const WORDS = (
  'the a our this every new small bright quiet river city morning evening team story market garden ' +
  'window journey signal answer question music light water forest mountain road letter machine ' +
  'learning video voice travel early later together always never often slowly quickly carefully ' +
  'builds opens finds shows brings keeps follows changes explains remembers welcomes crosses reaches'
).split(' ');

/** A small, fast PRNG (mulberry32): the same seed always gives the same sequence. */
export function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** First 32 bits of a hex fingerprint (a sha256 of the media bytes or of a link). */
export function seedOf(fingerprint: string): number {
  return Number.parseInt(fingerprint.slice(0, 8), 16) >>> 0;
}

/** One synthetic sentence for segment `index` of the media with `fingerprint`. */
export function sentence(fingerprint: string, index: number): string {
  const next = prng(seedOf(fingerprint) ^ Math.imul(index + 1, 0x9e3779b1));
  const count = 4 + Math.floor(next() * 6);
  const words: string[] = [];
  for (let i = 0; i < count; i++) words.push(WORDS[Math.floor(next() * WORDS.length)]!);
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1) + '.';
}

/** How many speakers "speaker determination" finds: 1 or 2, fixed per media, never more than segments. */
export function detectedSpeakers(fingerprint: string, segmentCount: number): number {
  return Math.max(1, Math.min(segmentCount, 1 + (seedOf(fingerprint) % 2)));
}

/** About one segment per 2.5 s of media, at least 2 and at most 400. */
export function segmentCount(durationSeconds: number): number {
  return Math.max(2, Math.min(400, Math.floor(durationSeconds / 2.5)));
}

/** Segment timing: `segmentCount` slots, each segment filling 90 % of its slot. */
export function segmentTimes(durationSeconds: number): { startMs: number; endMs: number }[] {
  const totalMs = Math.max(1000, Math.round(durationSeconds * 1000));
  const count = segmentCount(durationSeconds);
  const slot = Math.floor(totalMs / count);
  const times: { startMs: number; endMs: number }[] = [];
  for (let i = 0; i < count; i++) times.push({ startMs: i * slot, endMs: i * slot + Math.floor(slot * 0.9) });
  return times;
}

export function speakerName(index: number): string {
  return `SPEAKER_${String(index).padStart(2, '0')}`;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A compiled glossary: whole-word, case-insensitive matching of the source terms, longest term first. */
export interface CompiledGlossary {
  pattern: RegExp;
  /** Lower-cased source term → the term as written and its target. */
  lookup: Map<string, { term: string; target: string }>;
}

export function compileGlossary(entries: Record<string, string>): CompiledGlossary | undefined {
  const keys = Object.keys(entries).sort((a, b) => b.length - a.length);
  if (keys.length === 0) return undefined;
  const lookup = new Map<string, { term: string; target: string }>();
  for (const key of keys) {
    if (!lookup.has(key.toLowerCase())) lookup.set(key.toLowerCase(), { term: key, target: entries[key]! });
  }
  const alternatives = keys.map(escapeRegExp).join('|');
  return { pattern: new RegExp(`(?<![\\p{L}\\p{N}_])(?:${alternatives})(?![\\p{L}\\p{N}_])`, 'giu'), lookup };
}

/** The glossary's target term, in the case the source occurrence used (Title or UPPER case carry over). */
function caseLike(found: string, target: string, term: string): string {
  if (found === term) return target;
  if (found.length > 1 && found === found.toUpperCase() && found !== found.toLowerCase())
    return target.toUpperCase();
  const first = found.charAt(0);
  if (first === first.toUpperCase() && first !== first.toLowerCase()) {
    return target.charAt(0).toUpperCase() + target.slice(1);
  }
  return target;
}

/** Every letter run reversed, keeping a leading capital: "Hello world" → "Olleh dlrow". */
function pseudoWords(text: string): string {
  return text.replace(/\p{L}+/gu, (word) => {
    const reversed = [...word.toLowerCase()].reverse().join('');
    const first = word.charAt(0);
    return first !== first.toLowerCase() ? reversed.charAt(0).toUpperCase() + reversed.slice(1) : reversed;
  });
}

/**
 * The synthetic translation of `text` into `lang`: tagged `[lang]`, each word reversed, and every glossary
 * term replaced by its target term, untouched by the pseudo-translation.
 */
export function translate(text: string, lang: string, glossary: CompiledGlossary | undefined): string {
  let out = '';
  let last = 0;
  if (glossary) {
    for (const match of text.matchAll(glossary.pattern)) {
      const found = match[0];
      const entry = glossary.lookup.get(found.toLowerCase());
      if (entry === undefined) continue;
      out += pseudoWords(text.slice(last, match.index)) + caseLike(found, entry.target, entry.term);
      last = match.index + found.length;
    }
  }
  out += pseudoWords(text.slice(last));
  return `[${lang}] ${out}`;
}

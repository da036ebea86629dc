import { readSubtitles, type SubtitleCue, type SubtitleFormat, writeSubtitles } from './src/index.ts';

const WORDS = [
  'the',
  'dubbing',
  'studio',
  'voice',
  'over',
  'scene',
  'quiet',
  'please',
  'again',
  'where',
  'café',
  'A&B',
];
let seed = 1;
const next = () => {
  seed = (seed * 16807) % 2147483647;
  return seed / 2147483647;
};
const words = () => Array.from({ length: 5 }, () => WORDS[Math.floor(next() * WORDS.length)]).join(' ');
const cues: SubtitleCue[] = [];
let ms = 0;
for (let i = 0; i < 100000; i++) {
  const s = ms + 100;
  ms = s + 1500;
  cues.push({
    startMs: s,
    endMs: ms,
    lines: [[{ text: words() }], next() < 0.1 ? [{ text: words(), italic: true }] : [{ text: words() }]],
    speaker: 'Ana',
  });
}
const subs = { lang: 'en', cues };
const which = process.argv[2] as SubtitleFormat;
const mode = process.argv[3];
const text = writeSubtitles(subs, which);
for (let r = 0; r < 4; r++) {
  const t = performance.now();
  if (mode === 'w') writeSubtitles(subs, which);
  else readSubtitles(text, { format: which });
  console.log(which, mode, (performance.now() - t).toFixed(0), 'ms', (text.length / 1e6).toFixed(1), 'MB');
}

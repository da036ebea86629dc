// Words and numbers for people: plurals, sizes, durations, and the one issue format of every dubkit CLI.

/** `1 project`, `2 projects`, `0 errors`; `irregular` for words that do not just take an s. */
export function plural(count: number, noun: string, irregular?: string): string {
  return `${count} ${count === 1 ? noun : (irregular ?? `${noun}s`)}`;
}

export function bytes(count: number): string {
  if (count < 1024) return `${count} B`;
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  let value = count / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/** `0:07`, `12:03`, `1:02:03`. */
export function elapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

export interface Issue {
  line: number;
  column?: number | undefined;
  severity: string;
  code: string;
  message: string;
}

/** `file:line:col: severity code: message`, the form compilers use, so editors can jump to it. */
export function formatIssue(file: string, issue: Issue): string {
  const where = issue.line > 0 ? `${file}:${issue.line}${issue.column ? `:${issue.column}` : ''}` : file;
  return `${where}: ${issue.severity} ${issue.code}: ${issue.message}`;
}

/** Characters a terminal draws two columns wide: CJK, Hangul, fullwidth forms, most emoji. */
const WIDE =
  /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6\u{1f300}-\u{1f64f}\u{1f900}-\u{1f9ff}\u{20000}-\u{3fffd}]/u;
/** Characters drawn in no column of their own: combining marks (variation selectors too), joiners, bidi marks. */
const ZERO = /[\p{Mn}\p{Me}\p{Cf}]/u;

/** How many terminal columns `text` takes (`日本語` is 6, `español` is 7). */
export function displayWidth(text: string): number {
  let width = 0;
  for (const char of text) width += ZERO.test(char) ? 0 : WIDE.test(char) ? 2 : 1;
  return width;
}

/** `text` padded with spaces to `width` columns. */
export const padColumns = (text: string, width: number): string =>
  text + ' '.repeat(Math.max(0, width - displayWidth(text)));

/** `text` cut to at most `width` columns, ending in `…` when cut. */
export function cutToWidth(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  let kept = '';
  for (const char of text) {
    if (displayWidth(`${kept}${char}`) > width - 1) break;
    kept += char;
  }
  return `${kept}…`;
}

/** `text` as lines of at most `width` columns, broken at spaces (a longer word is split); its indent kept. */
export function wrapToWidth(text: string, width: number): string[] {
  const indent = /^ */.exec(text)![0].slice(0, Math.max(0, width - 1));
  if (indent.length > 0) return wrapToWidth(text.trimStart(), width - indent.length).map((l) => indent + l);
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const joined = line === '' ? word : `${line} ${word}`;
    if (displayWidth(joined) <= width) {
      line = joined;
      continue;
    }
    if (line !== '') lines.push(line);
    line = word;
    while (displayWidth(line) > width) {
      let head = '';
      for (const char of line) {
        if (displayWidth(`${head}${char}`) > width) break;
        head += char;
      }
      lines.push(head);
      line = line.slice(head.length);
    }
  }
  lines.push(line);
  return lines;
}

// Reads an SRT timecode line (`00:00:01,000 --> 00:00:04,000 X1:…`) leniently, by scanning character codes:
// this runs once per cue, so it avoids regular expressions and allocations on the well-formed path.

const SPACE = 32;
const TAB = 9;
const COLON = 58;
const COMMA = 44;
const DOT = 46;
const MINUS = 45;
const GT = 62;

/** Hours are not limited to two digits (files over 99 hours exist), but six keep the arithmetic exact. */
const MAX_HOUR_DIGITS = 6;

function skipBlanks(s: string, pos: number, end: number): number {
  let p = pos;
  while (p < end) {
    const c = s.charCodeAt(p);
    if (c !== SPACE && c !== TAB) break;
    p++;
  }
  return p;
}

/**
 * One reader is reused for every line. After `read` returns true, `startMs`/`endMs` hold the times, `negative`
 * says a minus sign was present, `note` names the first non-standard form that was tolerated ('' if none), and
 * `restStart` is where text after the second time begins (-1 if none). After false, `failure` says why.
 */
export class TimecodeLineReader {
  startMs = 0;
  endMs = 0;
  negative = false;
  note = '';
  failure = '';
  restStart = -1;
  private pos = 0;
  private ms = 0;

  read(s: string, start: number, end: number): boolean {
    this.negative = false;
    this.note = '';
    this.failure = '';
    this.restStart = -1;
    this.pos = skipBlanks(s, start, end);
    if (!this.time(s, end, 'start')) return false;
    this.startMs = this.ms;
    let p = skipBlanks(s, this.pos, end);
    if (
      s.charCodeAt(p) !== MINUS ||
      s.charCodeAt(p + 1) !== MINUS ||
      s.charCodeAt(p + 2) !== GT ||
      p + 3 > end
    ) {
      this.failure = 'expected --> between the start and end times';
      return false;
    }
    this.pos = skipBlanks(s, p + 3, end);
    if (!this.time(s, end, 'end')) return false;
    this.endMs = this.ms;
    p = skipBlanks(s, this.pos, end);
    if (p < end) this.restStart = p;
    return true;
  }

  /** Reads `[-]H+:M{1,2}:S{1,2}[,.]F+` at this.pos into this.ms. */
  private time(s: string, end: number, which: string): boolean {
    let p = this.pos;
    if (p < end && s.charCodeAt(p) === MINUS) {
      this.negative = true;
      p++;
    }
    let hours = 0;
    let digits = 0;
    for (let c = s.charCodeAt(p) - 48; p < end && c >= 0 && c <= 9; c = s.charCodeAt(++p) - 48) {
      hours = hours * 10 + c;
      digits++;
    }
    if (digits === 0 || digits > MAX_HOUR_DIGITS || s.charCodeAt(p) !== COLON || p >= end) {
      return this.fail(`the ${which} time should begin with hours and a colon (HH:)`);
    }
    p++;
    let minutes = 0;
    digits = 0;
    for (let c = s.charCodeAt(p) - 48; p < end && c >= 0 && c <= 9; c = s.charCodeAt(++p) - 48) {
      minutes = minutes * 10 + c;
      digits++;
    }
    if (digits === 0 || digits > 2 || s.charCodeAt(p) !== COLON || p >= end) {
      return this.fail(`the ${which} time needs two-digit minutes after the hours (HH:MM:)`);
    }
    if (digits === 1 && this.note === '') this.note = 'single-digit minutes';
    if (minutes > 59) return this.fail(`the ${which} time has ${minutes} minutes; minutes go from 00 to 59`);
    p++;
    let seconds = 0;
    digits = 0;
    for (let c = s.charCodeAt(p) - 48; p < end && c >= 0 && c <= 9; c = s.charCodeAt(++p) - 48) {
      seconds = seconds * 10 + c;
      digits++;
    }
    if (digits === 0 || digits > 2) return this.fail(`the ${which} time needs two-digit seconds (HH:MM:SS)`);
    if (digits === 1 && this.note === '') this.note = 'single-digit seconds';
    if (seconds > 59) return this.fail(`the ${which} time has ${seconds} seconds; seconds go from 00 to 59`);
    let millis = 0;
    const separator = p < end ? s.charCodeAt(p) : 0;
    if (separator === COMMA || separator === DOT) {
      p++;
      digits = 0;
      let roundUp = 0;
      for (let c = s.charCodeAt(p) - 48; p < end && c >= 0 && c <= 9; c = s.charCodeAt(++p) - 48) {
        if (digits < 3) millis = millis * 10 + c;
        else if (digits === 3 && c >= 5) roundUp = 1;
        digits++;
      }
      if (digits === 0) return this.fail(`the ${which} time has no digits after its decimal separator`);
      // One to three digits are a decimal fraction of a second, as every SRT reader takes them: ,5 is 500 ms.
      if (digits === 1) millis *= 100;
      else if (digits === 2) millis *= 10;
      else if (digits > 3) {
        millis += roundUp;
        if (this.note === '') this.note = 'more than three digits after the seconds, rounded to milliseconds';
      }
    } else if (this.note === '') {
      this.note = 'no milliseconds';
    }
    // A time ends at a blank, the end of the line, or (the start time) the arrow.
    if (p < end) {
      const next = s.charCodeAt(p);
      if (next !== SPACE && next !== TAB && !(next === MINUS && which === 'start')) {
        return this.fail(
          `the ${which} time is followed by ${JSON.stringify(s[p])}, which is not part of a time`,
        );
      }
    }
    this.ms = ((hours * 60 + minutes) * 60 + seconds) * 1000 + millis;
    this.pos = p;
    return true;
  }

  private fail(reason: string): false {
    this.failure = reason;
    return false;
  }
}

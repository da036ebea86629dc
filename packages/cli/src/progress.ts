// Live progress on standard error: on a terminal, cli-progress bars (the upload's bytes, one line per language
// with its stage and elapsed time); elsewhere (a pipe, a log file, CI) no bars, one plain line per change.
// cli-progress turns the terminal's line wrapping off while it draws (ESC[?7l), so a line wider than the
// terminal would overwrite its own last column: every line is made to fit the width the terminal has now, the
// lines above the bars wrapped at spaces (a project id stays whole), a bar's text cut with `…`.
import type { StatusInfo } from '@dubkit/core';
import { MultiBar, type Params } from 'cli-progress';
import type { Context } from './context.ts';
import { bytes, cutToWidth, displayWidth, elapsed, wrapToWidth } from './format.ts';

export interface UploadLine {
  update(sent: number): void;
  finish(): void;
}

export interface ProjectLine {
  status(info: StatusInfo): void;
  /** The `done`-th of `of` files; `received` and `total` bytes of it, as the download goes. */
  downloading(file: string, done: number, of: number, received?: number, total?: number): void;
  /** The `done`-th of `of` files is a subtitle format written here from the service's SRT. */
  writing(format: string, done: number, of: number): void;
  finish(text: string): void;
}

export interface Progress {
  upload(name: string, total: number | undefined): UploadLine;
  project(label: string): ProjectLine;
  /** A line above the bars (or just a line). */
  log(line: string): void;
  stop(): void;
}

export function progressFor(context: Context, labels: readonly string[] = []): Progress {
  const width = Math.max(6, ...labels.map((label) => label.length));
  // With --quiet, Lines says nothing (its lines are notes, which --quiet drops): no bars either.
  return context.live && !context.quiet ? new Bars(context, width) : new Lines(context);
}

/** The bar's widest and narrowest size, and the columns its text gets before the bar narrows. */
const BAR_SIZE = { max: 28, min: 8 };
const TEXT_ROOM = 30;

interface Line {
  label: string;
  /** What is happening, cut first when the line is too wide. */
  text: string;
  /** Kept whole at the end of the line: the elapsed time. */
  time?: string;
}

class Bars implements Progress {
  readonly #bars: MultiBar;
  readonly #width: number;
  readonly #context: Context;

  constructor(context: Context, width: number) {
    this.#width = width;
    this.#context = context;
    context.routeNotes((line) => this.log(line));
    this.#bars = new MultiBar({
      stream: context.io.stderr,
      hideCursor: true,
      clearOnComplete: false,
      stopOnComplete: false,
      // Redraws are timer-driven (at most 8 a second), so a fast upload's many updates cost only arithmetic.
      fps: 8,
      format: (_options: unknown, params: Params, payload: Line) => this.#draw(params.progress, payload),
    });
  }

  /** The terminal's width now (it may be resized while the bars run). */
  #columns(): number {
    return this.#context.io.stderr.columns || 80;
  }

  /** `label bar text  time`, never wider than the terminal: the bar narrows first, then the text is cut. */
  #draw(progress: number, line: Line): string {
    const columns = this.#columns();
    const size = Math.max(BAR_SIZE.min, Math.min(BAR_SIZE.max, columns - this.#width - 2 - TEXT_ROOM));
    const done = Math.round(Math.min(1, Math.max(0, progress)) * size);
    const bar = '█'.repeat(done) + '░'.repeat(size - done);
    const head = `${line.label} ${bar} `;
    const room = columns - displayWidth(head);
    const time = line.time === undefined ? '' : `  ${line.time}`;
    const text =
      displayWidth(line.text) + displayWidth(time) <= room
        ? `${line.text}${time}`
        : displayWidth(time) < room - 1
          ? `${cutToWidth(line.text, room - displayWidth(time))}${time}`
          : cutToWidth(`${line.text}${time}`, room);
    return cutToWidth(`${head}${text}`, columns);
  }

  upload(name: string, total: number | undefined): UploadLine {
    const started = Date.now();
    const size = total ?? 0;
    const bar = this.#bars.create(Math.max(1, size), 0, {
      label: 'upload'.padEnd(this.#width),
      text: `${name}`,
    });
    let shown = 0;
    return {
      update: (sent) => {
        // The bar is redrawn 8 times a second at most, so one update per 100 ms shows all there is to see; the
        // upload's other chunk reports cost one clock read each.
        const now = Date.now();
        if (now - shown < 100 && sent !== total) return;
        shown = now;
        const seconds = (now - started) / 1000;
        const rate = seconds > 0 ? `${bytes(sent / seconds)}/s` : '';
        bar.update(Math.min(sent, Math.max(1, size)), {
          text: `${bytes(sent)}${total === undefined ? '' : ` of ${bytes(total)}`} ${rate}  ${name}`,
        });
      },
      finish: () => {
        // The bar gives way to a line above the others: a finished upload needs no bar, and a bar redrawn among
        // log lines would leave a blank line where it was.
        // Logged first: removing the bar redraws at once, which writes the line out (cli-progress only writes
        // logged lines on a redraw, and a fast dub may end before the next timed one).
        this.log(`upload ${name}: ${bytes(size)} sent in ${elapsed(Date.now() - started)}`);
        this.#bars.remove(bar);
      },
    };
  }

  project(label: string): ProjectLine {
    const started = Date.now();
    let stage = 'Waiting';
    let shownAt = 0;
    const bar = this.#bars.create(100, 0, { label: label.padEnd(this.#width), text: stage });
    const time = () => elapsed(Date.now() - started);
    // The elapsed time moves even while the status does not: the bar's text is refreshed every second.
    const tick = setInterval(() => bar.update({ text: stage, time: time() }), 1000);
    tick.unref();
    return {
      status: (info) => {
        stage = info.label;
        bar.update(info.progress === undefined ? bar.getProgress() * 100 : info.progress * 100, {
          text: stage,
          time: time(),
        });
      },
      downloading: (file, done, of, received, total) => {
        // Byte counts come once per socket chunk: the text is rebuilt at most every 100 ms.
        const now = Date.now();
        if (received !== undefined && received !== total && now - shownAt < 100) return;
        shownAt = now;
        const size = received === undefined ? '' : ` ${bytes(received)}${total ? ` of ${bytes(total)}` : ''}`;
        stage = `Downloading ${file} (${done + 1}/${of})${size}`;
        bar.update({ text: stage, time: elapsed(now - started) });
      },
      writing: (format, done, of) => {
        stage = `Writing ${format} (${done + 1}/${of})`;
        bar.update({ text: stage, time: time() });
      },
      finish: (text) => {
        clearInterval(tick);
        stage = text;
        bar.update({ text, time: time() });
        bar.stop();
      },
    };
  }

  log(line: string): void {
    const width = this.#columns();
    for (const part of line.split('\n')) {
      for (const piece of wrapToWidth(part, width)) this.#bars.log(`${piece}\n`);
    }
  }

  stop(): void {
    this.#context.routeNotes(undefined);
    // A last redraw writes out the lines logged since the previous one; stopping alone would drop them.
    this.#bars.update();
    this.#bars.stop();
  }
}

class Lines implements Progress {
  readonly #context: Context;

  constructor(context: Context) {
    this.#context = context;
  }

  upload(name: string, total: number | undefined): UploadLine {
    const started = Date.now();
    let step = -1;
    return {
      update: (sent) => {
        // A line per tenth: a log that shows the upload moving without one line per chunk.
        const now = total ? Math.floor((sent / total) * 10) : Math.floor(sent / (100 * 1024 * 1024));
        if (now === step) return;
        step = now;
        const of = total ? ` of ${bytes(total)} (${Math.floor((sent / total) * 100)}%)` : '';
        this.#context.note(`upload ${name}: ${bytes(sent)}${of}`);
      },
      finish: () => this.#context.note(`upload ${name}: done in ${elapsed(Date.now() - started)}`),
    };
  }

  project(label: string): ProjectLine {
    const started = Date.now();
    const line = (text: string) => this.#context.note(`${label}: ${text} (${elapsed(Date.now() - started)})`);
    return {
      status: (info) => line(info.label),
      // One line per file, not per chunk: a log shows which file is on its way.
      downloading: (file, done, of, received) => {
        if (received === undefined) line(`downloading ${file} (${done + 1}/${of})`);
      },
      writing: (format, done, of) => line(`writing ${format} (${done + 1}/${of})`),
      finish: (text) => line(text),
    };
  }

  log(line: string): void {
    this.#context.note(line);
  }

  stop(): void {}
}

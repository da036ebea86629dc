// Stopping a running dub without its card: "stop" (or "cancel") in a mention in the job's thread, and
// `/dub stop <link to the job's thread>` in the job's channel. A slash command is never sent from a thread,
// so the command takes the thread's link; without one it says where Stop is. Either way the person must be
// where the job is: the mention in its thread, the command in its channel.
import type { CommandArgs } from '../../access/definitions.ts';
import type { ChannelSubject } from '../../access/rules.ts';
import type { JobService } from './service.ts';

type StopJobs = Pick<JobService, 'stop' | 'cancel' | 'jobOfThread'>;

/** A mention that asks to stop (or cancel) its thread's job: no link, and the word on its own. */
export function asksToStop(text: string): boolean {
  return !/https?:\/\//i.test(text) && /\b(stop|cancel)\b/i.test(outsideBrackets(text));
}

/**
 * `text` with each Slack bracket (`<@U1>`, `<#C1|name>`, `<https://x|label>`) replaced by a space. One pass:
 * `/<[^>]*>/g` read from every `<` to the end when none closes, quadratic on a run of `<` (3 s on 40,000).
 * An unclosed `<` is kept as text; once no `>` follows, no later `<` can close either.
 */
function outsideBrackets(text: string): string {
  const parts: string[] = [];
  let from = 0;
  for (;;) {
    const open = text.indexOf('<', from);
    const close = open < 0 ? -1 : text.indexOf('>', open + 1);
    if (close < 0) break;
    parts.push(text.slice(from, open), ' ');
    from = close + 1;
  }
  parts.push(text.slice(from));
  return parts.join('');
}

/**
 * The channel and thread of a Slack message link (`…/archives/C…/p1700000000123456?thread_ts=…`). The query is
 * read once, up to the link's end (the lazy pattern it replaced read on to the end of the text from each link).
 */
export function threadOfLink(text: string): { channel: string; threadTs: string } | undefined {
  const match = /\/archives\/([A-Z0-9]+)\/p(\d{10})(\d{6})/.exec(text);
  if (!match) return undefined;
  const [, channel, seconds, micros] = match;
  return {
    channel: channel!,
    threadTs: threadTsIn(text, match.index + match[0].length) ?? `${seconds}.${micros}`,
  };
}

/** The `thread_ts` of the query that starts at `at` (a `?`), up to the link's end; each character read once. */
function threadTsIn(text: string, at: number): string | undefined {
  if (text[at] !== '?') return undefined;
  // Sticky, and never failing (it may match nothing): where it stopped is where the link ends.
  LINK_REST.lastIndex = at + 1;
  LINK_REST.test(text);
  const end = LINK_REST.lastIndex;
  for (let start = at + 1; start < end; ) {
    const amp = text.indexOf('&', start);
    const stop = amp < 0 || amp > end ? end : amp;
    if (text.startsWith('thread_ts=', start)) {
      const value = start + 'thread_ts='.length;
      TS.lastIndex = value;
      if (TS.test(text) && TS.lastIndex === stop) return text.slice(value, stop);
    }
    start = stop + 1;
  }
  return undefined;
}

/** A message's ts (`1700000000.123456`), read where a parameter's value starts. */
const TS = /\d{1,12}\.\d{1,8}/y;

/** The rest of a link in a message's text, up to a space or the `>` or `|` of Slack's `<url|label>`. */
const LINK_REST = /[^\s>|]*/y;

export const STOP_HELP =
  'To stop a dub, press *Stop* on its card, mention me with “stop” in its thread, or run ' +
  '`/dub stop <link to its thread>` in its channel (a message’s ⋮ menu → *Copy link*). ' +
  'The service keeps the minutes already spent.';

/** What stopping the job of a thread answers the person (to them only); the thread says the rest. */
export async function stopInThread(
  deps: { jobs: StopJobs },
  where: { channel: string; threadTs: string },
  userId: string,
): Promise<string | undefined> {
  const job = await deps.jobs.jobOfThread(where.channel, where.threadTs);
  if (!job) return 'That thread has no dub of mine to stop.';
  if (job.state === 'picking') {
    // Not started yet: stopping it is its card's Cancel.
    return (await deps.jobs.cancel(job.id, userId)) ? undefined : 'That dub has already started.';
  }
  if (await deps.jobs.stop(job.id, userId)) return undefined;
  return 'That dub is not running any more: nothing was stopped.';
}

export function stopSubcommand(deps: { jobs: StopJobs }) {
  return async ({ ack, command, respond }: CommandArgs, words: string[], { channel }: ChannelSubject) => {
    const where = threadOfLink(words.join(' '));
    if (!where) {
      await ack();
      await respond({ response_type: 'ephemeral', text: STOP_HELP });
      return;
    }
    if (where.channel !== channel) {
      await ack();
      await respond({
        response_type: 'ephemeral',
        text: 'Run `/dub stop` with that link in the channel the dub is in.',
      });
      return;
    }
    // Acked once the stop is recorded (registered with acksOnceRecorded).
    const problem = await stopInThread(deps, where, command.user_id);
    await ack();
    await respond({ response_type: 'ephemeral', text: problem ?? '⏹ Stopped: its thread says so.' });
  };
}

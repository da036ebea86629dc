// What a job card says of autopilot, for a video posted in a channel on autopilot: that it starts by itself,
// that its card waits for Start, that the channel's cap is reached (how much was used, when the count starts
// again) with Start left to a person, or, once started, the channel's count. Pure.
import { type AutopilotMark, periodSaid } from '../../domain/autopilot.ts';

const n = (value: number) => value.toLocaleString('en-US');

/** A moment as Slack shows it in each reader's own time zone, with UTC for clients that cannot. */
function when(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  const utc = new Date(seconds * 1000).toISOString();
  return `<!date^${seconds}^{date_short_pretty} at {time}|${utc.slice(0, 10)} ${utc.slice(11, 16)} UTC>`;
}

/** The card's autopilot line while it waits; undefined when there is nothing to say. */
export function waitingLine(mark: AutopilotMark): string | undefined {
  if (mark.state === 'pending')
    return '🤖 Posted in a channel on autopilot: the dub starts by itself once the video’s length is read, within the channel’s minutes cap.';
  if (mark.state === 'capped' && mark.capMinutes !== undefined && mark.period && mark.resetsAt) {
    const needs = mark.minutes === undefined ? '' : `, and this video needs ${n(mark.minutes)}`;
    return (
      `🤖 Not started by autopilot: this channel’s cap is reached — ${n(mark.used ?? 0)} of ${n(mark.capMinutes)} ` +
      `minutes used ${periodSaid(mark.period)}${needs}. The count starts again ${when(mark.resetsAt)}. ` +
      'Press *Start* to dub it anyway.'
    );
  }
  if (mark.state === 'waiting')
    return '🤖 Posted in a channel on autopilot: the channel’s languages are ticked; press *Start* to dub it.';
  return undefined;
}

/** The started card's autopilot words ("started on autopilot · 12 of 60 minutes used today"). */
export function startedWords(mark: AutopilotMark): string[] {
  const count =
    mark.used !== undefined && mark.capMinutes !== undefined && mark.period
      ? [`${n(mark.used)} of ${n(mark.capMinutes)} autopilot minutes used ${periodSaid(mark.period)}`]
      : [];
  return mark.state === 'started' ? ['🤖 started on autopilot', ...count] : count;
}

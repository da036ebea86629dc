// The one place a job's card is drawn (the picker while it waits, then what was started or who cancelled it),
// under the card's one key; nothing else builds a `card:` write.
import type { DeliveryInput, Job, Store, Target } from '../store/store.ts';
import type { PickerGlossary } from '../ui/glossary-picker.ts';
import { type CardVideo, jobCard } from '../ui/job-card.ts';

export function cardDelivery(
  job: Job,
  state: 'picking' | 'started' | 'cancelled' | 'stopped',
  dstLangs: string[],
  options: {
    glossaries?: PickerGlossary[];
    glossaryIds?: string[];
    /** Minutes left on the account when the picker is posted. */
    minutesLeft?: number;
    /** Who did what the card now says (pressed Cancel or Stop); otherwise who pressed Start. */
    actor?: string;
    /** Once started: whether a language is still under way (Stop is offered only then). */
    running?: boolean;
  } = {},
): DeliveryInput {
  const { actor, ...picker } = options;
  return {
    key: `card:${job.id}`,
    jobId: job.id,
    kind: 'card',
    // A slash command's card opens the thread; a message's card answers in the message's thread.
    inThread: !job.triggerKey.startsWith('cmd:'),
    payload: jobCard({
      jobId: job.id,
      title: job.title,
      source: job.source.kind === 'link' ? job.source : { kind: 'file', name: job.source.name },
      video: cardVideo(job),
      state,
      dstLangs,
      srcLang: job.srcLang,
      numSpeakers: job.numSpeakers,
      userId: actor ?? job.startedBy,
      ...picker,
    }),
  };
}

/** The job's video as its card tells it: being made ready by the service, ready, or refused. */
export function cardVideo(job: Job): CardVideo {
  if (job.mediaReady) return { state: 'ready', seconds: job.mediaSeconds };
  if (job.mediaError !== null) return { state: 'failed', why: job.mediaError };
  return { state: 'preparing' };
}

/** A started job's card as its languages stand: Stop only while one of them is still under way. */
export function startedCard(job: Job, targets: Target[]): DeliveryInput {
  return cardDelivery(
    job,
    'started',
    targets.map((t) => t.dstLang),
    { running: targets.some((t) => !t.terminal) },
  );
}

/**
 * Once every language of a started job has ended (delivered, failed or not started), its card is drawn again
 * without Stop; true when it was. A stopped job's card already says so and stays.
 */
export async function redrawCardIfEnded(store: Store, jobId: string, now: number): Promise<boolean> {
  const job = await store.getJob(jobId);
  if (job?.state !== 'starting' && job?.state !== 'running') return false;
  const targets = await store.targetsOf(jobId);
  if (targets.length === 0 || targets.some((t) => !t.terminal)) return false;
  await store.enqueue(startedCard(job, targets), now);
  return true;
}

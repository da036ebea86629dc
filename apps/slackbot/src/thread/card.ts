// The one place a job's card is drawn (the picker while it waits, then what was started or who cancelled it),
// under the card's one key; nothing else builds a `card:` write.
import type { DeliveryInput, Job, Target } from '../store/store.ts';
import type { PickerGlossary } from '../ui/glossary-picker.ts';
import { jobCard } from '../ui/job-card.ts';
import { statusDelivery } from './status.ts';

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
      state,
      dstLangs,
      srcLang: job.srcLang,
      numSpeakers: job.numSpeakers,
      userId: actor ?? job.startedBy,
      ...picker,
    }),
  };
}

/** What a job's start announces: its card as started, and a status message per language. */
export function startDeliveries(job: Job, targets: Target[], now: number): DeliveryInput[] {
  return [
    cardDelivery(
      job,
      'started',
      targets.map((t) => t.dstLang),
    ),
    ...targets.map((target) => statusDelivery({ job, target, info: null, now })),
  ];
}

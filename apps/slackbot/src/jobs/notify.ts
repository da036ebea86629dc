// Turns what happened to a job's languages into the Slack writes it owes, each under a key that makes it
// happen once: the milestone replies, and the language's status message drawn again (thread/drawer.ts). The
// deliverer (deliverer.ts) performs them; these functions only decide what to say.

import { renderNumbers, renderReplyKey } from '../domain/renders.ts';
import type { ProjectSnapshot, StatusInfo } from '../dubbing/service.ts';
import type { RenderPayload } from '../outbox/payloads.ts';
import type { DeliveryInput, Job, Store, Target } from '../store/store.ts';
import type { ThreadDrawer } from '../thread/drawer.ts';
import { dubbedReply, failedReply, replacedReply, startedReply } from '../thread/milestones.ts';
import type { MessageContent } from '../ui/blocks.ts';

export function startedDelivery(job: Job, targets: Target[]): DeliveryInput {
  const again = targets.every((t) => t.attempt > 1);
  const key = again ? `started:${targets.map((t) => `${t.id}.${t.attempt}`).join(',')}` : `started:${job.id}`;
  return {
    key,
    jobId: job.id,
    kind: 'reply',
    inThread: true,
    payload: startedReply({ langs: targets.map((t) => t.dstLang), userId: job.startedBy, again }),
  };
}

/**
 * The writes a newly seen status causes, to be recorded with it: the status message (drawn from the store,
 * with the status over it), and a milestone when the project ended.
 */
export async function changeDeliveries(
  drawer: ThreadDrawer,
  job: Job,
  target: Target,
  project: Partial<ProjectSnapshot> & { id: string; status: string },
  info: StatusInfo,
  now: number,
  detail?: string,
): Promise<DeliveryInput[]> {
  const given = { info, target: { status: project.status, statusAt: now } };
  const status = await drawer.status(target.id, now, given);
  const deliveries = status ? [status] : [];
  const attemptKey = `${target.id}.${target.attempt}`;
  if (info.terminal && !info.failed) {
    const render = await drawer.renderNumber(target.id, target.attempt);
    const reply = dubbedReply({
      lang: target.dstLang,
      actions: drawer.dubbedActions(target.id),
      render,
      title: job.title,
      links: {
        video: project.translated_video,
        audio: project.translated_audio,
        voiceover: project.voiceover,
        srt: project.translation_srt_path,
        vtt: project.translation_vtt_path,
      },
    });
    // One reply per render, its subtitle files attached to it when it is posted.
    const payload: RenderPayload = {
      ...reply,
      files: { projectId: project.id, lang: target.dstLang, baseName: baseName(job, target.dstLang, render) },
    };
    deliveries.push({
      key: renderReplyKey(target.id, target.attempt),
      jobId: job.id,
      kind: 'render',
      inThread: true,
      payload,
    });
    // Who approved or asked changes of an earlier render is told, below the new reply.
    deliveries.push(...(await drawer.renderedNotes(target.id, now, given)));
  } else if (info.failed) {
    deliveries.push({
      key: `failed:${attemptKey}`,
      jobId: job.id,
      kind: 'reply',
      inThread: true,
      payload: failedReply({
        lang: target.dstLang,
        status: project.status,
        retry: drawer.retryButtons(target.id),
        ...(info.supportId
          ? { detail: `The service reported an unexpected state (support id ${info.supportId})` }
          : { stageLabel: info.stoppedWhile ?? info.label, ...(detail ? { detail } : {}) }),
      }),
    });
  }
  return deliveries;
}

/** The most characters of a title kept in a subtitle file's name. */
const MAX_STEM = 60;

/**
 * When a language's render was delivered: the reply of its newest earlier render, edited to say it was
 * replaced (its buttons gone, its links kept). Earlier ones were replaced already; a render that failed has
 * no reply. The edit keeps the earlier reply's key, so the outbox edits that message.
 */
export async function replacedDeliveries(
  store: Pick<Store, 'getDelivery' | 'deliveredRenders'>,
  target: Target,
  info: StatusInfo,
): Promise<DeliveryInput[]> {
  if (!info.terminal || info.failed) return [];
  const delivered = await store.deliveredRenders(target.id);
  const earlierAttempt = delivered.filter((attempt) => attempt < target.attempt).at(-1);
  if (earlierAttempt === undefined) return [];
  const earlier = await store.getDelivery(renderReplyKey(target.id, earlierAttempt));
  if (!earlier) return [];
  const renders = renderNumbers(delivered);
  const payload = replacedReply(earlier.payload as MessageContent, {
    lang: target.dstLang,
    render: renders(earlierAttempt),
    by: renders(target.attempt),
  });
  const { key, jobId, kind, inThread } = earlier;
  return [{ key, jobId, kind, inThread, payload }];
}

/** "keynote.es" from the job's title and the language (and its render as shown, from the second on). */
export function baseName(job: Pick<Job, 'title'>, lang: string, render: number): string {
  const words = job.title
    .replace(/\.[a-z0-9]{2,4}$/i, '')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  // Cut between words, not inside one ("…-FINAL-v7-draft", not "…-draft-do-no"); one long word is cut.
  const cut = words.length <= MAX_STEM ? words : words.slice(0, MAX_STEM + 1);
  const lastGap = cut.lastIndexOf('-');
  const stem =
    words.length <= MAX_STEM ? words : lastGap > 0 ? cut.slice(0, lastGap) : cut.slice(0, MAX_STEM);
  return `${stem || 'video'}.${lang}${render > 1 ? `.${render}` : ''}`;
}

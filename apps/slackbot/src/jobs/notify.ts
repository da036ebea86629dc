// Turns what happened to a job into the Slack writes it owes, each under a key that makes it happen once:
// the job card, one status message per language (edited in place), and the milestone replies. The
// deliverer (deliverer.ts) performs them; these functions only decide what to say.

import type { ProjectSnapshot, StatusInfo } from '../dubbing/service.ts';
import type { FilesPayload } from '../outbox/payloads.ts';
import type { DeliveryInput, Job, Target } from '../store/store.ts';
import type { PickerGlossary } from '../ui/glossary-picker.ts';
import { jobCard } from '../ui/job-card.ts';
import { dubbedReply, failedReply, startedReply } from '../ui/milestones.ts';
import { statusMessage } from '../ui/status-message.ts';

export function cardDelivery(
  job: Job,
  state: 'picking' | 'started' | 'cancelled',
  dstLangs: string[],
  options: {
    glossaries?: PickerGlossary[];
    glossaryIds?: string[];
    /** Who did what the card now says (pressed Cancel), when not the job's starter. */
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
      userId: actor ?? job.userId,
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
    ...targets.map((target) => statusDelivery(job, target, { status: null, info: null, now })),
  ];
}

/** The language's status message as it should read now. */
export function statusDelivery(
  job: Job,
  target: Target,
  view: { status: string | null; info: StatusInfo | null; now: number },
): DeliveryInput {
  const info = view.info;
  const phase = info?.failed ? 'failed' : info?.terminal ? 'dubbed' : 'running';
  return {
    key: `status:${target.id}`,
    jobId: job.id,
    kind: 'status',
    inThread: true,
    payload: statusMessage({
      lang: target.dstLang,
      phase,
      stageLabel: info?.label ?? (job.mediaId ? 'Creating the project' : 'Uploading the video'),
      progress: info?.progress ?? 0,
      elapsedMs: view.now - target.startedAt,
      projectId: target.projectId,
    }),
  };
}

export function startedDelivery(job: Job, targets: Target[]): DeliveryInput {
  const again = targets.every((t) => t.attempt > 1);
  const key = again ? `started:${targets.map((t) => `${t.id}.${t.attempt}`).join(',')}` : `started:${job.id}`;
  return {
    key,
    jobId: job.id,
    kind: 'reply',
    inThread: true,
    payload: startedReply({ langs: targets.map((t) => t.dstLang), userId: job.userId, again }),
  };
}

/** The writes a newly seen status causes: the status message, and a milestone when the project ended. */
export function changeDeliveries(
  job: Job,
  target: Target,
  project: Partial<ProjectSnapshot> & { id: string; status: string },
  info: StatusInfo,
  now: number,
  detail?: string,
): DeliveryInput[] {
  const updated: Target = { ...target, status: project.status };
  const deliveries = [statusDelivery(job, updated, { status: project.status, info, now })];
  const attemptKey = `${target.id}.${target.attempt}`;
  if (info.terminal && !info.failed) {
    deliveries.push({
      key: `dubbed:${attemptKey}`,
      jobId: job.id,
      kind: 'reply',
      inThread: true,
      payload: dubbedReply({
        lang: target.dstLang,
        targetId: target.id,
        title: job.title,
        projectId: project.id,
        elapsedMs: now - target.startedAt,
        links: {
          video: project.translated_video,
          audio: project.translated_audio,
          voiceover: project.voiceover,
          srt: project.translation_srt_path,
          vtt: project.translation_vtt_path,
        },
      }),
    });
    const files: FilesPayload = {
      projectId: project.id,
      lang: target.dstLang,
      baseName: baseName(job, target),
    };
    deliveries.push({
      key: `files:${attemptKey}`,
      jobId: job.id,
      kind: 'files',
      inThread: true,
      payload: files,
    });
  } else if (info.failed) {
    deliveries.push({
      key: `failed:${attemptKey}`,
      jobId: job.id,
      kind: 'reply',
      inThread: true,
      payload: failedReply({
        lang: target.dstLang,
        status: project.status,
        stageLabel: info.stoppedWhile ?? info.label,
        projectId: target.projectId,
        targetId: target.id,
        ...(detail ? { detail } : {}),
      }),
    });
  }
  return deliveries;
}

/** "keynote.es" from the job's title and the language (and the attempt, after a retry). */
function baseName(job: Job, target: Target): string {
  const stem = job.title
    .replace(/\.[a-z0-9]{2,4}$/i, '')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${stem || 'video'}.${target.dstLang}${target.attempt > 1 ? `.${target.attempt}` : ''}`;
}

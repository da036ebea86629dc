// The dubbed language a review, a render or a voice change works on: it must exist, have ended, and not have
// failed; its job and its project, or why not in the words the person reads.
import { languageName } from '../../domain/languages.ts';
import type { DubbingService } from '../../dubbing/service.ts';
import type { Job, JobStore, Target } from '../../store/store.ts';

export type Outcome<T> = { ok: true; value: T } | { ok: false; problem: string };

export type DubbedLanguage = { job: Job; target: Target & { projectId: string } };

/** A dubbed language, with its job; a problem in words otherwise. */
export async function dubbedLanguage(
  store: Pick<JobStore, 'getTarget' | 'getJob'>,
  dubbing: Pick<DubbingService, 'describeStatus'>,
  targetId: string,
): Promise<Outcome<DubbedLanguage>> {
  const target = await store.getTarget(targetId);
  const job = target && (await store.getJob(target.jobId));
  if (!target || !job || target.projectId === null)
    return { ok: false, problem: 'That dub no longer exists.' };
  const name = languageName(target.dstLang);
  if (!target.terminal)
    return { ok: false, problem: `${name} is being worked on right now; try again once it is ready.` };
  if (dubbing.describeStatus(target.status ?? '').failed)
    return { ok: false, problem: `The ${name} dub failed; use Retry on it first.` };
  return { ok: true, value: { job, target: { ...target, projectId: target.projectId } } };
}

// The thread's drawer as the app builds it (server.ts), with every feature's parts, for tests that make the
// services and loops themselves.
import type { DubbingService } from '../dubbing/service.ts';
import { messageParts } from '../features/message-parts.ts';
import type { DeliveryInput, Job, Store, Target } from '../store/store.ts';
import { ThreadDrawer } from '../thread/drawer.ts';

export function drawerFor(store: Store, service: Pick<DubbingService, 'describeStatus'>): ThreadDrawer {
  return new ThreadDrawer({
    store,
    describe: (status) => service.describeStatus(status),
    parts: messageParts,
  });
}

/**
 * The drawer over one job and its languages held in memory (no approvals, change requests or assignments), for
 * unit tests of what a writer draws; `enqueued` collects what it records.
 */
export function drawerOver(
  job: Job,
  targets: Target[],
  describe: (status: string) => ReturnType<DubbingService['describeStatus']>,
): { drawer: ThreadDrawer; enqueued: DeliveryInput[] } {
  const enqueued: DeliveryInput[] = [];
  const store = {
    getTarget: async (id: string) => targets.find((t) => t.id === id),
    getJob: async (id: string) => (id === job.id ? job : undefined),
    targetsOf: async (id: string) => targets.filter((t) => t.jobId === id),
    approvalsOf: async () => [],
    changeRequestsOf: async () => [],
    assignmentsOf: async () => [],
    commentsOf: async () => [],
    deliveredRenders: async () => [],
    enqueue: async (delivery: DeliveryInput) => {
      enqueued.push(delivery);
    },
  };
  return { drawer: new ThreadDrawer({ store, describe, parts: messageParts }), enqueued };
}

// Records every modal the app opens, for whom and about what. The listener that opens a modal does not pass
// this along: the request's checked origin rides in an AsyncLocalStorage set by the access middleware, and
// the Interactions port is wrapped so that views.open and views.update keep the store's record in step.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Interactions } from '../slack/interactions.ts';
import type { ModalStore } from '../store/store.ts';

/** The person a request acts for and the channel (and thread) it was checked against. */
export interface Actor {
  user: string;
  channel: string;
  threadTs: string | null;
  /** The id a failure of this request is logged under and quoted to the person. */
  requestId?: string;
}

const actors = new AsyncLocalStorage<Actor>();

/** How long a modal the app opened may still be submitted. */
export const MODAL_GRANT_TTL_MS = 24 * 60 * 60 * 1000;

/** The request id of the request being handled, when there is one. */
export function currentRequestId(): string | undefined {
  return actors.getStore()?.requestId;
}

/** Runs the rest of a request's handling as `actor` (modals it opens are theirs, for that channel). */
export function actingAs<T>(actor: Actor, work: () => Promise<T>): Promise<T> {
  return actors.run(actor, work);
}

/**
 * The port, with each modal opened recorded as a grant to the acting person (a modal opened with no checked
 * actor gets no grant, so it can never be submitted), and each update of a granted modal recorded too.
 */
export function grantingInteractions(
  inner: Interactions,
  store: ModalStore,
  now: () => number,
): Interactions {
  return {
    ...inner,
    async openModal(triggerId, view) {
      const viewId = await inner.openModal(triggerId, view);
      const actor = actors.getStore();
      if (viewId && actor) {
        // Old grants go as new ones come (one indexed delete): a modal left open a day is not submitted.
        await store.pruneModalGrants(now() - MODAL_GRANT_TTL_MS);
        await store.saveModalGrant({
          viewId,
          opener: actor.user,
          channel: actor.channel,
          threadTs: actor.threadTs,
          callbackId: view.callback_id ?? '',
          subject: view.private_metadata ?? '',
          createdAt: now(),
        });
      }
      return viewId;
    },
    async updateModal(viewId, view, hash) {
      await inner.updateModal(viewId, view, hash);
      await store.updateModalGrant(viewId, {
        callbackId: view.callback_id ?? '',
        subject: view.private_metadata ?? '',
      });
    },
  };
}

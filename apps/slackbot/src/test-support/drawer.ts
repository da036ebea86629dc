// The thread's drawer as the app builds it (server.ts), with every feature's parts, for tests that make the
// services and loops themselves.
import type { DubbingService } from '../dubbing/service.ts';
import { messageParts } from '../features/message-parts.ts';
import type { Store } from '../store/store.ts';
import { ThreadDrawer } from '../thread/drawer.ts';

export function drawerFor(store: Store, service: Pick<DubbingService, 'describeStatus'>): ThreadDrawer {
  return new ThreadDrawer({
    store,
    describe: (status) => service.describeStatus(status),
    parts: messageParts,
  });
}

// What every feature's service is built from: the store, the dubbing service, a way to wake the deliverer
// once it has enqueued Slack writes, and the clock (tests set it). A feature adds what only it needs.
import type { DubbingService } from '../dubbing/service.ts';
import type { Store } from '../store/store.ts';

export interface FeatureServiceOptions {
  store: Store;
  service: DubbingService;
  wakeDeliverer: () => void;
  now?: () => number;
}

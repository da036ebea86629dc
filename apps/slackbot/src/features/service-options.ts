// What every feature's service is built from: the parts of the store it reads and writes (`S`: the store's
// interfaces it names, never the whole Store), the dubbing service, a way to wake the deliverer once it has
// enqueued Slack writes, and the clock (tests set it). A feature adds what only it needs.
import type { DubbingService } from '../dubbing/service.ts';

export interface FeatureServiceOptions<S> {
  store: S;
  dubbing: DubbingService;
  wakeDeliverer: () => void;
  now?: () => number;
}

// Puts together the parts behind the thread's follow-up actions (review, render again, speakers), from the
// same store, service configuration and loops as the rest of the app; server.ts hands the result to the
// listeners.
import type { Config } from './config.ts';
import type { DubbingServiceOptions } from './jobs/dubbing-service.ts';
import { createEditingService } from './jobs/editing-service.ts';
import type { DubbingService } from './jobs/service.ts';
import type { ExtraDeps } from './listeners/extra-deps.ts';
import { ReviewService } from './review/review-service.ts';
import type { Store } from './store/store.ts';

export interface ExtrasOptions {
  config: Config;
  store: Store;
  service: DubbingService;
  serviceOptions?: Partial<DubbingServiceOptions>;
  wakeDeliverer: () => void;
  wakeTracker: () => void;
}

export function createExtras(options: ExtrasOptions): ExtraDeps {
  const editing = createEditingService({
    baseUrl: options.config.service.baseUrl,
    auth: options.config.service.auth,
    ...options.serviceOptions,
  });
  const review = new ReviewService({
    store: options.store,
    editing,
    describeStatus: (status) => options.service.describeStatus(status),
    wakeDeliverer: options.wakeDeliverer,
    wakeTracker: options.wakeTracker,
  });
  return {
    editing,
    review,
    wake: () => {
      options.wakeDeliverer();
      options.wakeTracker();
    },
  };
}

// The app's public entry: how to run it (startServer, loadConfig) and the parts it is made of, for programs
// that compose them themselves (the bench measures the tracker, the deliverer and the store this way, drawing the thread as the app does).

export type { Config } from './config.ts';
export { ConfigError, loadConfig } from './config.ts';
export { budgetDispatcher, RequestBudget } from './dubbing/budget.ts';
export { createDubbingService } from './dubbing/client-service.ts';
export type { DubbingService } from './dubbing/service.ts';
export { messageParts } from './features/message-parts.ts';
export { DubbingAccounts } from './install/accounts.ts';
export { JobStarter } from './jobs/start.ts';
export { Tracker } from './jobs/track.ts';
export { Deliverer } from './outbox/deliverer.ts';
export { createLogger, type RunningApp, startServer } from './server.ts';
export { openStore } from './store/open.ts';
export type { Store, Stores } from './store/store.ts';
export { ThreadDrawer } from './thread/drawer.ts';

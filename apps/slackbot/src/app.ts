// Registers every listener on the Bolt app, one kind at a time; nothing else happens here.
import type { App } from '@slack/bolt';
import { registerActions } from './listeners/actions/index.ts';
import { registerCommands } from './listeners/commands/index.ts';
import type { ListenerDeps } from './listeners/deps.ts';
import { registerEvents } from './listeners/events/index.ts';
import { registerShortcuts } from './listeners/shortcuts/index.ts';
import { registerViews } from './listeners/views/index.ts';

export type { ListenerDeps };

export function registerListeners(app: App, deps: ListenerDeps): void {
  registerCommands(app, deps);
  registerEvents(app, deps);
  registerActions(app, deps);
  registerShortcuts(app, deps);
  registerViews(app, deps);
}

// Registers every listener on the Bolt app, one kind at a time; nothing else happens here.
import type { App } from '@slack/bolt';
import { registerActions } from './actions.ts';
import { registerCommands } from './commands.ts';
import type { ListenerDeps } from './deps.ts';
import { registerEvents } from './events.ts';
import { registerShortcuts } from './shortcuts.ts';
import { registerViews } from './views.ts';

export type { ListenerDeps };

export function registerListeners(app: App, deps: ListenerDeps): void {
  registerCommands(app, deps);
  registerEvents(app, deps);
  registerActions(app, deps);
  registerShortcuts(app, deps);
  registerViews(app, deps);
}

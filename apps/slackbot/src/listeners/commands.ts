// The slash command: `/dub` and its subcommands.
import type { App } from '@slack/bolt';
import { dubCommand } from '../features/dub/command.ts';
import type { ListenerDeps } from './deps.ts';

export function registerCommands(app: App, deps: ListenerDeps): void {
  app.command('/dub', dubCommand(deps));
}

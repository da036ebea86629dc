// Registers the slash commands.
import type { App } from '@slack/bolt';
import type { ListenerDeps } from '../deps.ts';
import { dubCommand } from '../../features/dub/command.ts';

export function registerCommands(app: App, deps: ListenerDeps): void {
  app.command('/dub', dubCommand(deps));
}

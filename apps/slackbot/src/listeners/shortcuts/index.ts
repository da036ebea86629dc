// Registers the shortcuts.
import type { App } from '@slack/bolt';
import type { ListenerDeps } from '../deps.ts';
import { DUB_SHORTCUT, dubMessageShortcut } from '../../features/dub/shortcut.ts';

export function registerShortcuts(app: App, deps: ListenerDeps): void {
  app.shortcut({ type: 'message_action', callback_id: DUB_SHORTCUT }, dubMessageShortcut(deps));
}

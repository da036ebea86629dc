// Shortcuts: "Dub this video" on a message.
import type { App } from '@slack/bolt';
import { DUB_SHORTCUT, dubMessageShortcut } from '../features/dub/shortcut.ts';
import type { ListenerDeps } from './deps.ts';

export function registerShortcuts(app: App, deps: ListenerDeps): void {
  app.shortcut({ type: 'message_action', callback_id: DUB_SHORTCUT }, dubMessageShortcut(deps));
}

// The Events API: mentions and shared files (videos, subtitles, glossaries), and App Home being opened.
import type { App } from '@slack/bolt';
import { onMention, onMessage } from '../features/dub/messages.ts';
import { homeOpened } from '../features/home/listeners.ts';
import type { ListenerDeps } from './deps.ts';

export function registerEvents(app: App, deps: ListenerDeps): void {
  app.event('app_mention', onMention(deps));
  app.event('message', onMessage(deps));
  app.event('app_home_opened', homeOpened(deps));
}

// Renders Slack messages as plain text, the way they read in Slack: mrkdwn links as "label", buttons as
// [ Label ], pickers with their choices. Used by the demo to print the thread.
import type { SlackMessage } from './fake-slack.ts';

interface Loose {
  [key: string]: unknown;
}

/** `<url|label>` → `label`, `<@U1>` → `@U1`, entities unescaped, *bold* and `code` marks dropped. */
export function mrkdwnToText(text: string): string {
  return text
    .replace(/<([^>|]+)\|([^>]+)>/g, '$2')
    .replace(/<@([A-Z0-9]+)>/g, '@$1')
    .replace(/<(https?:[^>]+)>/g, '$1')
    .replace(/[*`]/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function plain(value: unknown): string {
  const text = (value as Loose | undefined)?.text;
  return typeof text === 'string' ? mrkdwnToText(text) : '';
}

function element(el: Loose): string {
  switch (el.type) {
    case 'button':
      return `[ ${plain(el.text)} ]`;
    case 'multi_static_select': {
      const chosen = ((el.initial_options as Loose[] | undefined) ?? []).map((o) => plain(o.text));
      return `[${plain(el.placeholder)} ${chosen.length ? chosen.join(', ') : '—'} ▾]`;
    }
    case 'static_select':
      return `[${plain((el.initial_option as Loose | undefined)?.text ?? el.placeholder)} ▾]`;
    case 'mrkdwn':
    case 'plain_text':
      return plain(el);
    default:
      return '';
  }
}

/** The message's blocks as lines of text (its fallback text when it has no blocks). */
export function renderMessage(message: Pick<SlackMessage, 'text' | 'blocks' | 'files'>): string[] {
  const lines: string[] = [];
  for (const block of (message.blocks ?? []) as Loose[]) {
    if (block.type === 'section') lines.push(...plain(block.text).split('\n'));
    else if (block.type === 'context')
      lines.push(((block.elements as Loose[]) ?? []).map(element).join('  '));
    else if (block.type === 'actions')
      lines.push(((block.elements as Loose[]) ?? []).map(element).join('  '));
  }
  if (lines.length === 0 && message.text) lines.push(mrkdwnToText(message.text));
  for (const file of message.files ?? []) lines.push(`📎 ${file.name} (${file.size} bytes)`);
  return lines;
}

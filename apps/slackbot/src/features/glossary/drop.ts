// A .csv/.tsv file shared with a message that mentions the app and says "glossary [name]": imported as a
// glossary (languages from the file's header), the report posted in the message's thread. Handled once per
// message, whether the mention or the file share arrives first.
import type { App } from '@slack/bolt';
import type { SharedFile } from '../../domain/requests.ts';
import type { ListenerDeps } from '../../listeners/deps.ts';

const MAX_GLOSSARY_FILE_BYTES = 20 * 1024 * 1024;

export interface GlossaryMessage {
  channel: string;
  ts: string;
  thread_ts?: string;
  user?: string;
  text?: string;
  files?: SharedFile[];
}

/** The glossary name a message asks for ("" for the file's name), or undefined when it asks for none. */
export function glossaryRequest(text: string): string | undefined {
  const match = /(?:^|\s)glossary\b[:\s]*(.*)$/is.exec(text.replace(/<@[^>]+>/g, ' ').trim());
  return match ? (match[1] ?? '').trim().slice(0, 100) : undefined;
}

/** True when the message is a glossary drop (handled here, or to be handled by its file share event). */
export async function glossaryDrop(
  deps: ListenerDeps,
  message: GlossaryMessage,
  client: App['client'],
): Promise<boolean> {
  const name = glossaryRequest(message.text ?? '');
  if (name === undefined) return false;
  const file = (message.files ?? []).find((f) => /\.(csv|tsv|txt)$/i.test(f.name ?? ''));
  if (!file?.url_private_download) {
    // The mention may come without the file; the file share event of the same message brings it.
    return (message.files ?? []).length === 0;
  }
  if (!await deps.store.recordEvent(`glossary:${message.channel}:${message.ts}`, deps.now())) return true;
  const threadTs = message.thread_ts ?? message.ts;
  try {
    const bytes = await deps.extras.downloadFile(file.url_private_download, MAX_GLOSSARY_FILE_BYTES);
    const fileName = file.name ?? 'glossary.csv';
    const report = await deps.extras.glossaries.importFile({
      bytes,
      fileName,
      name: name || fileName.replace(/\.(csv|tsv|txt)$/i, ''),
      srcLang: null,
      dstLang: null,
      channel: message.channel,
      userId: message.user ?? '',
      makeDefault: false,
    });
    await client.chat.postMessage({
      channel: message.channel,
      thread_ts: threadTs,
      text: report.text,
      blocks: report.blocks,
    });
  } catch (error) {
    deps.logger.warn({ err: error }, 'importing a dropped glossary failed');
    await client.chat.postMessage({
      channel: message.channel,
      thread_ts: threadTs,
      text: `The glossary could not be imported: ${error instanceof Error ? error.message : 'unknown error'}.`,
    });
  }
  return true;
}

// What a file write carries in the outbox: a language's subtitle files are built from the project when they
// are sent (always the newest segments); any other file carries its content; a render's reply carries its files.
import type { SubtitleFormat } from '@dubkit/subtitles';
import type { MessageContent } from '../ui/blocks.ts';

export interface FilesPayload {
  projectId: string;
  lang: string;
  /** File names without extension: "keynote.es". */
  baseName: string;
  /** The formats to send (asked for on the reply); absent: the channel's delivery formats. */
  formats?: SubtitleFormat[];
  /** The message the files are posted with (what was asked for, by whom). */
  comment?: string;
}

export interface FilePayload {
  filename: string;
  content: string;
  /** The message the file is posted with. */
  comment: string;
}

/**
 * A render's reply: the message, and the subtitle files attached to it when it is posted (none once a newer
 * render replaced it: an edit keeps the files the message has).
 */
export interface RenderPayload extends MessageContent {
  files?: FilesPayload;
}

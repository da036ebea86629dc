// What the listeners of the thread's follow-up actions get besides the ListenerDeps every listener has:
// the service calls they make directly and the services that record their work.
import type { GlossaryService } from '../features/glossary/service.ts';
import type { EditingService } from '../jobs/editing-service.ts';
import type { ReviewService } from '../features/review/service.ts';
import type { SubtitleService } from '../features/subtitles/service.ts';

export interface ExtraDeps {
  editing: EditingService;
  review: ReviewService;
  glossaries: GlossaryService;
  subtitles: SubtitleService;
  /** Reads a file shared in Slack (bot token, Slack's hosts only, size-limited) into memory. */
  downloadFile(url: string, maxBytes: number): Promise<Uint8Array>;
  /** Wakes the deliverer and the tracker after work was recorded in the store. */
  wake(): void;
}

// What every listener gets: the services it hands work to, the port for answering a person in the moment,
// and a logger. Listeners parse, ack, call one service method and answer; nothing else.
import type { Logger } from 'pino';
import type { AccountService } from '../features/account/service.ts';
import type { ApprovalService } from '../features/approval/service.ts';
import type { GlossaryService } from '../features/glossary/service.ts';
import type { HomeService } from '../features/home/service.ts';
import type { LipsyncService } from '../features/lipsync/service.ts';
import type { ReviewService } from '../features/review/service.ts';
import type { SettingsService } from '../features/settings/service.ts';
import type { SourceFixService } from '../features/source-fix/service.ts';
import type { SubtitleService } from '../features/subtitles/service.ts';
import type { JobService } from '../jobs/service.ts';
import type { LocalizationQa } from '../outbox/localization-qa.ts';
import type { Interactions } from '../slack/interactions.ts';

export interface ListenerDeps {
  jobs: JobService;
  review: ReviewService;
  glossaries: GlossaryService;
  subtitles: SubtitleService;
  lipsync: LipsyncService;
  account: AccountService;
  settings: SettingsService;
  /** Localization QA of a dubbed language, for Review flagged. */
  qa: LocalizationQa;
  approvals: ApprovalService;
  sourceFix: SourceFixService;
  home: HomeService;
  slack: Interactions;
  logger: Logger;
}

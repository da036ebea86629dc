// @dubkit/core: the public surface of the client for the dubbing service. Schemas: `@dubkit/core/schemas`.
export type { ApiPromise } from './api-promise.ts';
export { DEFAULT_SCOPES, DEFAULT_TOKEN_URL } from './auth.ts';
export {
  DEFAULT_BASE_URL,
  DEFAULT_MAX_RETRIES,
  DEFAULT_TIMEOUT_MS,
  DubbingClient,
  type DubbingClientOptions,
} from './client.ts';
export type { DownloadOptions, DownloadProgress, DownloadResult } from './download.ts';
export {
  AbortError,
  ApiError,
  ApiValidationError,
  AuthenticationError,
  ConflictError,
  ConnectionError,
  DubkitError,
  InsufficientCreditsError,
  MediaCreationError,
  MediaFailedError,
  NotFoundError,
  ProjectFailedError,
  RateLimitError,
  RequestValidationError,
  ServerError,
  TimeoutError,
  WaitTimeoutError,
} from './errors.ts';
export {
  BASE_LANGUAGE_CODES,
  checkLanguage,
  DIALECT_CODES,
  describeLanguages,
  findLanguage,
  isKnownLanguage,
  LANGUAGES,
  type Language,
  type LanguageCheck,
  type LanguageRole,
  languageName,
  normalizeLanguageCode,
  suggestLanguages,
  USUAL_COUNTRY,
} from './languages.ts';
export type { Logger, LogLevel } from './logger.ts';
export { DEFAULT_PAGE_LIMIT, ProjectPage, type ProjectPagePromise } from './pagination.ts';
export { redubMinutes } from './redub.ts';
export type { MediaUploadOptions } from './resources/media.ts';
export type { TranscriptionQuery } from './resources/transcription.ts';
export type { SrtFiles, SrtForm } from './resources/transcriptions.ts';
export type {
  CheckFaceResponse,
  CreatedTranscription,
  Credits,
  Deleted,
  Glossary,
  GlossaryCreateBody,
  GlossaryEntries,
  GlossaryUpdateBody,
  LipsyncInfo,
  LipsyncStartBody,
  LipsyncStartResponse,
  MediaKind,
  MediaLinkBody,
  MediaRecord,
  Project,
  ProjectCreateBody,
  ProjectListItem,
  ProjectListQuery,
  ProjectStatus,
  ProjectUpdateBody,
  Segment,
  SegmentCreate,
  SegmentPatch,
  SegmentTextInput,
  SrtTranscription,
  Transcription,
  TranscriptionCreateBody,
  Voice,
  VoiceMap,
} from './schemas/index.ts';
export { PROJECT_STATUSES } from './schemas/projects.ts';
export {
  DONE_STATUS,
  describeStatus,
  isKnownStatus,
  NOT_KNOWN_YET,
  PROJECT_STAGES,
  type ProjectStage,
  pipelineIndex,
  type StatusInfo,
} from './status.ts';
export { isTimecode, msToTimecode, timecodeToMs } from './timecode.ts';
export type { ApiResponse, CallOptions } from './transport.ts';
export { contentTypeFor, type UploadProgress, type UploadSource } from './uploads.ts';
export type { PollOptions, WaitForMediaOptions, WaitForProjectOptions, WaitTarget } from './wait.ts';

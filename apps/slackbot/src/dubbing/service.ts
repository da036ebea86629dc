// What the jobs need of the dubbing service, and how each service status reads in Slack. The tracker,
// the starter and the notifier depend on this small port; dubbing-service.ts implements it with
// @dubkit/core's DubbingClient.

export interface ProjectSnapshot {
  id: string;
  name: string;
  status: string;
  translated_video?: string | null;
  translated_audio?: string | null;
  voiceover?: string | null;
  translation_srt_path?: string | null;
  translation_vtt_path?: string | null;
}

export interface SegmentText {
  start: string;
  end: string;
  src?: { text: string; lang?: string | null } | null;
  dst?: { text: string; lang?: string | null } | null;
  speaker?: string | null;
  id?: string;
  status?: string | null;
}

export interface StatusInfo {
  /** "Separating background". */
  label: string;
  /** 0..1 from the stage's place in the pipeline. */
  progress: number;
  terminal: boolean;
  failed: boolean;
  /** For a stage's failure: what the project was doing when it stopped ("Translating"). */
  stoppedWhile?: string;
}

export interface CreateProjectInput {
  videoId: string;
  dstLang: string;
  name: string;
  srcLang: string | null;
  numSpeakers: number | null;
  /** A glossary to translate with, and a transcript made from dropped .srt files (issue 7). */
  glossaryId?: string | null;
  transcriptId?: string | null;
}

/** Why media could not be created: the service refused the file or link (not worth retrying as is). */
export class MediaRejectedError extends Error {
  readonly status: string;
  constructor(status: string, detail: string) {
    super(detail);
    this.name = 'MediaRejectedError';
    this.status = status;
  }
}

/** The service refused to create a project for a reason retrying will not fix (credits, validation). */
export class ProjectRejectedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProjectRejectedError';
  }
}

/** The project is not there any more (deleted in the service). */
export class ProjectGoneError extends Error {
  constructor(projectId: string) {
    super(`project ${projectId} not found`);
    this.name = 'ProjectGoneError';
  }
}

/** The service asked to slow down. */
export class SlowDownError extends Error {
  readonly retryAfterMs: number;
  constructor(retryAfterMs: number) {
    super(`rate limited; retry after ${retryAfterMs} ms`);
    this.name = 'SlowDownError';
    this.retryAfterMs = retryAfterMs;
  }
}

export interface DubbingService {
  /** Uploads bytes as they stream; resolves once the media is ready. */
  uploadFile(
    data: ReadableStream<Uint8Array>,
    options: { filename: string; contentType: string; name: string; signal?: AbortSignal },
  ): Promise<{ mediaId: string }>;
  uploadLink(link: string, name: string, signal?: AbortSignal): Promise<{ mediaId: string }>;
  createProject(input: CreateProjectInput): Promise<ProjectSnapshot>;
  /** Projects whose name contains `text` (case-insensitive), newest first. */
  findProjects(text: string): Promise<{ id: string; name: string; status: string }[]>;
  getProject(id: string): Promise<ProjectSnapshot>;
  getSegments(projectId: string): Promise<SegmentText[]>;
  describeStatus(status: string): StatusInfo;
}

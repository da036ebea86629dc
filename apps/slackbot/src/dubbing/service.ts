// What the app needs of the dubbing service, as one port: the jobs (upload, create, poll), the follow-up
// actions (review, render again, speakers, lip-sync, glossaries, transcripts, credits, the project list),
// and the few kinds of failure the app acts on. client-service.ts implements it with the app's one
// DubbingClient; unit tests script it.
import type { Credits, Glossary, LipsyncInfo, Project, ProjectListItem, Segment, Voice } from '@dubkit/core';

/** One segment patch as the service takes it: the id plus only the fields that changed. */
export interface SegmentChange {
  id: string;
  dst?: { text: string };
  speaker?: string;
}

export interface ProjectSnapshot {
  id: string;
  name: string;
  /** null while the service does not know it yet (a project just created). */
  status?: string | null;
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
  /**
   * For a status the app does not know: the id its raw text was logged under. The service's own words are
   * never shown (they may hold hosts, paths or tokens): the label says "An unexpected state (support id …)".
   */
  supportId?: string;
}

export interface CreateProjectInput {
  videoId: string;
  dstLang: string;
  name: string;
  srcLang: string | null;
  numSpeakers: number | null;
  /** A glossary to translate with, and a transcript made from dropped .srt files. */
  glossaryId?: string | null;
  transcriptId?: string | null;
}

export interface ProjectPage {
  projects: ProjectListItem[];
  /** A full page came back: there may be more. */
  more: boolean;
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

/** The service refused because the project is in the wrong state (still processing, not dubbed yet). */
export class BusyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BusyError';
  }
}

/** The service refused a render for want of minutes (a 402): re-dubbing changed segments costs minutes. */
export class NotEnoughMinutesError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NotEnoughMinutesError';
  }
}

/** The service refused the request's content (a 422); the message says what was wrong. */
export class RefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RefusedError';
  }
}

/**
 * The workspace has no dubbing account: neither its own (connected by an admin) nor the deployment's default.
 * Its message is the one people are shown, in Slack words: who can connect one, and how.
 */
export class NoAccountError extends Error {
  constructor() {
    super(
      'This workspace has no dubbing account connected yet, so nothing can be dubbed here. A workspace admin or owner can connect one with `/dub connect` (or from the app’s Home tab).',
    );
    this.name = 'NoAccountError';
  }
}

/** Media the service made ready. */
export interface ReadyMedia {
  seconds: number | undefined;
  name: string | null;
}

export interface DubbingService {
  /** Uploads bytes as they stream; resolves once the media is ready. */
  uploadFile(
    data: ReadableStream<Uint8Array>,
    options: { filename: string; contentType: string; name: string; signal?: AbortSignal },
  ): Promise<{ mediaId: string }>;
  uploadLink(link: string, name: string, signal?: AbortSignal): Promise<{ mediaId: string }>;
  /**
   * Creates media from bytes as they stream; resolves with its id as soon as the service holds it (before it
   * is ready), so that the caller records it before anything else can go wrong.
   */
  createFileMedia(
    data: ReadableStream<Uint8Array>,
    options: { filename: string; contentType: string; name: string; signal?: AbortSignal },
  ): Promise<string>;
  /** Creates media from a link the service fetches; without a name, the service names it. */
  createLinkMedia(link: string, name: string | undefined, signal?: AbortSignal): Promise<string>;
  /** Waits until created media is ready: its length in seconds (when the service knows it) and its name. */
  mediaReady(mediaId: string, signal?: AbortSignal): Promise<ReadyMedia>;
  createProject(input: CreateProjectInput): Promise<ProjectSnapshot>;
  /** Projects whose name contains `text` (case-insensitive), newest first. */
  findProjects(text: string): Promise<{ id: string; name: string; status?: string | null }[]>;
  getProject(id: string): Promise<Project>;
  /** Every segment, or only those named. */
  getSegments(projectId: string, ids?: string[]): Promise<Segment[]>;
  describeStatus(status: string | null | undefined): StatusInfo;

  /** The media's duration in seconds, when the service knows it. */
  mediaDuration(mediaId: string): Promise<number | undefined>;
  /** Saves edited segments; `lang` is the translation's language, which every text sent must name. */
  patchSegments(projectId: string, lang: string, changes: SegmentChange[]): Promise<void>;
  /** Saves corrected source texts (`srcLang`: the project's source language, which every text sent must name). */
  patchSourceTexts(
    projectId: string,
    srcLang: string,
    changes: { id: string; text: string }[],
  ): Promise<void>;
  /** Deleting a segment that is already gone is not an error. */
  deleteSegment(projectId: string, segmentId: string): Promise<void>;
  /**
   * Lines to add to the transcription (the translation as `{text, lang}` in `lang`); resolves to their new ids,
   * in the order given.
   */
  addSegments(
    projectId: string,
    lang: string,
    segments: { start: string; end: string; dst: string; speaker: string | null }[],
  ): Promise<string[]>;
  /**
   * Renders the dub again; BusyError while the project is still processing, NotEnoughMinutesError when the
   * account lacks the minutes the changes since the last render cost.
   */
  generate(projectId: string): Promise<Project>;
  /**
   * Changes the number of speakers and/or the voices, in one PATCH. `voice` is the whole map, every speaker
   * named, changed or not: the service replaces the map whole.
   */
  updateSpeakers(
    projectId: string,
    change: { numSpeakers?: number; voice?: Record<string, string> },
  ): Promise<void>;
  voices(projectId: string): Promise<Voice[]>;
  credits(): Promise<Credits>;
  listProjects(query: { name?: string; offset: number; limit: number }): Promise<ProjectPage>;
  createGlossary(body: {
    name: string;
    src_lang: string;
    dst_lang: string;
    entries: Record<string, string>;
  }): Promise<Glossary>;
  updateGlossary(id: string, body: { name: string; entries: Record<string, string> }): Promise<Glossary>;
  /** undefined when the service no longer has it. */
  getGlossary(id: string): Promise<Glossary | undefined>;
  deleteGlossary(id: string): Promise<void>;
  checkFace(projectId: string): Promise<void>;
  lipsync(projectId: string): Promise<LipsyncInfo>;
  startLipsync(projectId: string, options: { multipleFaces: boolean; free: boolean }): Promise<void>;
  /** A transcription from a form built by @dubkit/srt's buildSrtUpload (files src.0/dst.0). */
  createTranscript(upload: { form: FormData; query: URLSearchParams }): Promise<{ id: string }>;
}

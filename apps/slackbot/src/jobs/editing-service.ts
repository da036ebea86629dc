// What the thread's follow-up actions need of the dubbing service (review and edit, render again, speakers,
// lip-sync, glossaries, subtitle uploads, credits, the project list), on @dubkit/core's DubbingClient.
// Errors the app acts on are mapped to the few kinds below; anything else is thrown as it came.
import {
  ApiValidationError,
  ConflictError,
  type Credits,
  DubbingClient,
  type Glossary,
  type LipsyncInfo,
  NotFoundError,
  type Project,
  type ProjectListItem,
  RequestValidationError,
  type Segment,
} from '@dubkit/core';
import type { SegmentChange } from '../features/review/diff.ts';
import type { DubbingServiceOptions } from '../dubbing/client-service.ts';

/** The service refused because the project is in the wrong state (still processing, not dubbed yet). */
export class BusyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BusyError';
  }
}

/** The service refused the request's content (a 422); the message says what was wrong. */
export class RefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RefusedError';
  }
}

export interface ProjectPage {
  projects: ProjectListItem[];
  /** A full page came back: there may be more. */
  more: boolean;
}

export interface EditingService {
  getProject(id: string): Promise<Project>;
  /** The media's duration in seconds, when the service knows it. */
  mediaDuration(mediaId: string): Promise<number | undefined>;
  segments(projectId: string, ids?: string[]): Promise<Segment[]>;
  patchSegments(projectId: string, changes: SegmentChange[]): Promise<void>;
  /** Deleting a segment that is already gone is not an error. */
  deleteSegment(projectId: string, segmentId: string): Promise<void>;
  /** Renders the dub again; BusyError while the project is still processing. */
  generate(projectId: string): Promise<Project>;
  setSpeakers(projectId: string, numSpeakers: number): Promise<void>;
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

export function createEditingService(options: DubbingServiceOptions): EditingService {
  const client = new DubbingClient({
    baseUrl: options.baseUrl,
    ...options.auth,
    ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
  });
  return {
    getProject: (id) => client.projects.get(id),
    async mediaDuration(mediaId) {
      const meta = (await client.media.get(mediaId)).meta;
      const seconds = meta && 'duration_seconds' in meta ? Number(meta.duration_seconds) : Number.NaN;
      return Number.isFinite(seconds) ? seconds : undefined;
    },
    async segments(projectId, ids) {
      const result = await client.transcription.get(projectId, ids ? { segment_ids: ids } : {});
      return result.segments;
    },
    async patchSegments(projectId, changes) {
      await refusals(() => client.transcription.updateSegments(projectId, changes));
    },
    async deleteSegment(projectId, segmentId) {
      try {
        await client.transcription.deleteSegment(projectId, segmentId);
      } catch (error) {
        if (!(error instanceof NotFoundError)) throw error;
      }
    },
    generate: (projectId) => refusals(() => client.projects.generate(projectId)),
    async setSpeakers(projectId, numSpeakers) {
      await refusals(() => client.projects.update(projectId, { num_speakers: numSpeakers }));
    },
    credits: () => client.credits.get(),
    async listProjects({ name, offset, limit }) {
      const page = await client.projects.list({ offset, limit, ...(name ? { name } : {}) });
      return { projects: page.projects, more: page.hasNextPage() };
    },
    createGlossary: (body) => refusals(() => client.glossaries.create(body)),
    updateGlossary: (id, body) => refusals(() => client.glossaries.update(id, body)),
    async getGlossary(id) {
      try {
        return await client.glossaries.get(id);
      } catch (error) {
        if (error instanceof NotFoundError) return undefined;
        throw error;
      }
    },
    async deleteGlossary(id) {
      try {
        await client.glossaries.delete(id);
      } catch (error) {
        if (!(error instanceof NotFoundError)) throw error;
      }
    },
    async checkFace(projectId) {
      await refusals(() => client.lipsync.checkFace(projectId));
    },
    lipsync: (projectId) => client.lipsync.get(projectId),
    async startLipsync(projectId, { multipleFaces, free }) {
      await refusals(() =>
        client.lipsync.start(projectId, { is_multiple_speakers: multipleFaces, is_free_lipsync: free }),
      );
    },
    async createTranscript(upload) {
      const created = await refusals(() => client.transcriptions.createFromSrt(upload));
      return { id: created.id };
    },
  };
}

async function refusals<T>(call: () => PromiseLike<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ConflictError) throw new BusyError(error.message);
    if (error instanceof ApiValidationError || error instanceof RequestValidationError)
      throw new RefusedError(error.message);
    throw error;
  }
}

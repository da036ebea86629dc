// The DubbingService port on the app's one DubbingClient: uploads stream, errors are mapped to what the app
// acts on (rejected media or project, slow down, busy, refused), and statuses are described with core's
// status helper (one it does not know as unexpected, never in the service's words).
import {
  ApiValidationError,
  ConflictError,
  type DubbingClient,
  describeStatus,
  InsufficientCreditsError,
  isKnownStatus,
  MediaCreationError,
  MediaFailedError,
  NotFoundError,
  RateLimitError,
  RequestValidationError,
} from '@dubkit/core';
import {
  BusyError,
  type DubbingService,
  MediaRejectedError,
  NotEnoughMinutesError,
  ProjectGoneError,
  ProjectRejectedError,
  RefusedError,
  SlowDownError,
  type StatusInfo,
} from './service.ts';
import { type StatusLog, UnexpectedStatuses } from './unexpected-status.ts';

export interface ClientServiceOptions {
  /** How long to wait for uploaded media to be ready. */
  mediaTimeoutMs?: number;
  /** How often to look at media being processed (first wait, then backing off to 10×). */
  mediaPollMs?: number;
  /** Where a status the app does not know is logged, with its support id. */
  logger?: StatusLog;
}

export function createDubbingService(
  client: DubbingClient,
  options: ClientServiceOptions = {},
): DubbingService {
  const mediaPollMs = options.mediaPollMs ?? 2_000;
  const unexpected = new UnexpectedStatuses(options.logger);

  const ready = async (mediaId: string, signal?: AbortSignal) => {
    const media = await mapMediaErrors(() =>
      client.media.waitUntilReady(mediaId, {
        timeoutMs: options.mediaTimeoutMs ?? 30 * 60_000,
        intervalMs: mediaPollMs,
        maxIntervalMs: mediaPollMs * 10,
        ...(signal ? { signal } : {}),
      }),
    );
    return { mediaId, seconds: durationOf(media.meta), name: media.name ?? null };
  };
  const createFile = async (
    data: ReadableStream<Uint8Array>,
    { filename, contentType, name, signal }: Parameters<DubbingService['createFileMedia']>[1],
  ) =>
    (
      await mapMediaErrors(() =>
        client.media.upload(data, { filename, contentType, name, ...(signal ? { signal } : {}) }),
      )
    ).id;
  const createLink = async (link: string, name: string | undefined, signal?: AbortSignal) =>
    (
      await mapMediaErrors(() =>
        client.media.uploadLink({ link, ...(name ? { name } : {}) }, signal ? { signal } : undefined),
      )
    ).id;

  return {
    async uploadFile(data, options) {
      return ready(await createFile(data, options), options.signal);
    },
    async uploadLink(link, name, signal) {
      return ready(await createLink(link, name, signal), signal);
    },
    createFileMedia: createFile,
    createLinkMedia: createLink,
    mediaReady: ready,
    async createProject(input) {
      try {
        return await client.projects.create({
          video_id: input.videoId,
          dst_lang: input.dstLang,
          name: input.name,
          ...(input.srcLang ? { src_lang: input.srcLang } : {}),
          ...(input.numSpeakers ? { num_speakers: input.numSpeakers } : {}),
          ...(input.glossaryId ? { glossary_id: input.glossaryId } : {}),
          ...(input.transcriptId ? { transcript_id: input.transcriptId } : {}),
        });
      } catch (error) {
        if (error instanceof InsufficientCreditsError) {
          throw new ProjectRejectedError('There are not enough minutes left on the account for this video.');
        }
        if (error instanceof ApiValidationError) throw new ProjectRejectedError(error.message);
        throw slowDown(error);
      }
    },
    async findProjects(text) {
      const page = await client.projects.list({ name: text, limit: 100 });
      return page.projects.map((p) => ({ id: p.id, name: p.name, status: p.status ?? null }));
    },
    async getProject(id) {
      try {
        return await client.projects.get(id);
      } catch (error) {
        if (error instanceof NotFoundError) throw new ProjectGoneError(id);
        throw slowDown(error);
      }
    },
    async getSegments(projectId, ids) {
      return (await client.transcription.get(projectId, ids ? { segment_ids: ids } : {})).segments;
    },
    describeStatus(status): StatusInfo {
      const info = describeStatus(status);
      if (status && !isKnownStatus(status)) return unexpected.describe(status, info.failed);
      return {
        label: info.label,
        progress: info.progress ?? 0,
        terminal: info.terminal,
        failed: info.failed,
        ...(status?.endsWith('_failed')
          ? { stoppedWhile: describeStatus(status.replace(/_failed$/, '_started')).label }
          : {}),
      };
    },

    async mediaDuration(mediaId) {
      return durationOf((await client.media.get(mediaId)).meta);
    },
    async patchSegments(projectId, lang, changes) {
      const segments = changes.map((change) => ({
        id: change.id,
        ...(change.dst ? { dst: { text: change.dst.text, lang } } : {}),
        ...(change.speaker !== undefined ? { speaker: change.speaker } : {}),
      }));
      await refusals(() => client.transcription.updateSegments(projectId, segments));
    },
    async patchSourceTexts(projectId, srcLang, changes) {
      const segments = changes.map((change) => ({
        id: change.id,
        src: { text: change.text, lang: srcLang },
      }));
      await refusals(() => client.transcription.updateSegments(projectId, segments));
    },
    async deleteSegment(projectId, segmentId) {
      try {
        await client.transcription.deleteSegment(projectId, segmentId);
      } catch (error) {
        if (!(error instanceof NotFoundError)) throw error;
      }
    },
    async addSegments(projectId, lang, segments) {
      const added = await refusals(() =>
        client.transcription.addSegments(
          projectId,
          segments.map((s) => ({
            start: s.start,
            end: s.end,
            dst: { text: s.dst, lang },
            ...(s.speaker ? { speaker: s.speaker } : {}),
          })),
        ),
      );
      return added.segments.map((s) => s.id);
    },
    async generate(projectId) {
      try {
        return await refusals(() => client.projects.generate(projectId));
      } catch (error) {
        if (error instanceof InsufficientCreditsError) throw new NotEnoughMinutesError(error.message);
        throw error;
      }
    },
    async updateSpeakers(projectId, { numSpeakers, voice }) {
      await refusals(() =>
        client.projects.update(projectId, {
          ...(numSpeakers !== undefined ? { num_speakers: numSpeakers } : {}),
          ...(voice ? { voice } : {}),
        }),
      );
    },
    voices: (projectId) => client.projects.voices(projectId),
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

/** A media record's length in seconds, when its meta says. */
function durationOf(meta: unknown): number | undefined {
  const seconds =
    meta && typeof meta === 'object' && 'duration_seconds' in meta
      ? Number(meta.duration_seconds)
      : Number.NaN;
  return Number.isFinite(seconds) ? seconds : undefined;
}

async function mapMediaErrors<T>(upload: () => Promise<T>): Promise<T> {
  try {
    return await upload();
  } catch (error) {
    if (error instanceof MediaCreationError)
      throw new MediaRejectedError(error.mediaStatus, mediaProblem(error));
    if (error instanceof MediaFailedError)
      throw new MediaRejectedError(error.status, 'the service could not process it');
    // The service refused the request itself (a link it will not take): asking again gets the same answer.
    if (error instanceof ApiValidationError || error instanceof RequestValidationError)
      throw new MediaRejectedError('invalid', `the service refused it (${error.message})`);
    throw slowDown(error);
  }
}

/** The service's reason for refusing media, in words for the thread. */
function mediaProblem(error: MediaCreationError): string {
  switch (error.mediaStatus) {
    case 'media_mime_type_non_acceptable':
      return 'it is not a video or audio file';
    case 'media_broken_error':
      return 'the file is damaged or in a format that cannot be read';
    case 'media_process_error':
      return 'the link could not be fetched';
    default:
      return error.message;
  }
}

function slowDown(error: unknown): unknown {
  if (error instanceof RateLimitError) return new SlowDownError(error.retryAfterMs ?? 1_000);
  return error;
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

// The DubbingService port implemented with @dubkit/core's DubbingClient: uploads stream, errors are mapped
// to what the jobs act on (rejected media or project, slow down), and each status is described with core's
// status helper.
import {
  ApiValidationError,
  DubbingClient,
  type DubbingClientOptions,
  describeStatus,
  InsufficientCreditsError,
  MediaCreationError,
  MediaFailedError,
  NotFoundError,
  RateLimitError,
} from '@dubkit/core';
import type { ServiceAuth } from '../config.ts';
import {
  type CreateProjectInput,
  type DubbingService,
  MediaRejectedError,
  ProjectGoneError,
  ProjectRejectedError,
  type ProjectSnapshot,
  SlowDownError,
  type StatusInfo,
} from './service.ts';

export interface DubbingServiceOptions {
  baseUrl: string;
  auth: ServiceAuth;
  /** How long to wait for uploaded media to be ready. */
  mediaTimeoutMs?: number;
  /** How often to look at media being processed (first wait, then backing off to 10×). */
  mediaPollMs?: number;
  dispatcher?: DubbingClientOptions['dispatcher'];
  logger?: DubbingClientOptions['logger'];
}

export function createDubbingService(options: DubbingServiceOptions): DubbingService {
  const client = new DubbingClient({
    baseUrl: options.baseUrl,
    ...options.auth,
    // Explicit options only: the app's configuration is read and checked in config.ts.
    env: {},
    ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
  });
  const mediaPollMs = options.mediaPollMs ?? 2_000;

  const ready = async (mediaId: string, signal?: AbortSignal) => {
    await mapMediaErrors(() =>
      client.media.waitUntilReady(mediaId, {
        timeoutMs: options.mediaTimeoutMs ?? 30 * 60_000,
        intervalMs: mediaPollMs,
        maxIntervalMs: mediaPollMs * 10,
        ...(signal ? { signal } : {}),
      }),
    );
    return { mediaId };
  };

  return {
    async uploadFile(data, { filename, contentType, name, signal }) {
      const media = await mapMediaErrors(() =>
        client.media.upload(data, { filename, contentType, name, ...(signal ? { signal } : {}) }),
      );
      return ready(media.id, signal);
    },
    async uploadLink(link, name, signal) {
      const media = await mapMediaErrors(() =>
        client.media.uploadLink({ link, name }, signal ? { signal } : undefined),
      );
      return ready(media.id, signal);
    },
    async createProject(input: CreateProjectInput): Promise<ProjectSnapshot> {
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
      return page.projects.map((p) => ({ id: p.id, name: p.name, status: p.status }));
    },
    async getProject(id) {
      try {
        return await client.projects.get(id);
      } catch (error) {
        if (error instanceof NotFoundError) throw new ProjectGoneError(id);
        throw slowDown(error);
      }
    },
    async getSegments(projectId) {
      return (await client.transcription.get(projectId)).segments;
    },
    describeStatus(status: string): StatusInfo {
      const info = describeStatus(status);
      return {
        label: info.label,
        progress: info.progress ?? 0,
        terminal: info.terminal,
        failed: info.failed,
        ...(status.endsWith('_failed')
          ? { stoppedWhile: describeStatus(status.replace(/_failed$/, '_started')).label }
          : {}),
      };
    },
  };
}

async function mapMediaErrors<T>(upload: () => Promise<T>): Promise<T> {
  try {
    return await upload();
  } catch (error) {
    if (error instanceof MediaCreationError)
      throw new MediaRejectedError(error.mediaStatus, mediaProblem(error));
    if (error instanceof MediaFailedError)
      throw new MediaRejectedError(error.status, 'the service could not process it');
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

// Media: upload a file (streamed) or a link, read a record, wait until it is ready.
import { z } from 'zod';
import { type ApiPromise, apiPromise } from '../api-promise.ts';
import { type DownloadOptions, type DownloadResult, downloadFile } from '../download.ts';
import {
  type MediaKind,
  type MediaLinkBody,
  type MediaRecord,
  mediaKindSchema,
  mediaLinkBodySchema,
  mediaRecordSchema,
} from '../schemas/media.ts';
import type { CallOptions } from '../transport.ts';
import { multipartBody, resolveFile, type UploadProgress, type UploadSource } from '../uploads.ts';
import { type WaitForMediaOptions, waitForMedia } from '../wait.ts';
import { checked, guarded, Resource, segment } from './resource.ts';

export interface MediaUploadOptions extends CallOptions {
  /** Display name of the media. */
  name?: string;
  /** The service detects the kind from the content; this only states what you expect. */
  kind?: MediaKind;
  /** File name sent in the multipart part (default: the path's base name or the File's name). */
  filename?: string;
  /** MIME type of the part (default: from the Blob, else from the file name). */
  contentType?: string;
  /**
   * Called with the bytes of the file handed to the socket so far (once at 0, then once per chunk of up to
   * 1 MiB), and again from 0 if the upload is retried.
   */
  onProgress?: (progress: UploadProgress) => void;
}

const uploadFieldsSchema = z.object({ name: z.string().optional(), kind: mediaKindSchema.optional() });

export class Media extends Resource {
  /** `POST /api/library/v1/media`: streams `file` as the multipart `data` part. */
  upload(file: UploadSource, options: MediaUploadOptions = {}): ApiPromise<MediaRecord> {
    const { name, kind, filename, contentType, onProgress, ...call } = options;
    const response = (async () => {
      const fields = checked(uploadFieldsSchema, { name, kind }, 'media upload');
      const part = await resolveFile(file, { filename, contentType });
      return this.transport.request({
        method: 'POST',
        path: '/api/library/v1/media',
        query: fields.kind ? new URLSearchParams({ kind: fields.kind }) : undefined,
        body: multipartBody(
          fields.name === undefined ? [] : [['name', fields.name]],
          [['data', part]],
          onProgress,
        ),
        schema: mediaRecordSchema,
        options: call,
      });
    })();
    return apiPromise(response);
  }

  /** `POST /api/library/v1/media/link`: the service fetches the link itself. */
  uploadLink(body: MediaLinkBody, options?: CallOptions): ApiPromise<MediaRecord> {
    return guarded(() =>
      this.call({
        method: 'POST',
        path: '/api/library/v1/media/link',
        json: checked(mediaLinkBodySchema, body, 'media link'),
        schema: mediaRecordSchema,
        options,
      }),
    );
  }

  /** `GET /api/library/v1/media/{id}`. */
  get(id: string, options?: CallOptions): ApiPromise<MediaRecord> {
    return guarded(() =>
      this.call({
        method: 'GET',
        path: `/api/library/v1/media/${segment(id, 'media id')}`,
        schema: mediaRecordSchema,
        options,
      }),
    );
  }

  /**
   * Streams a file a record links to (a project's `translated_video`, `translation_srt_path`, …, or a media
   * `url`) into `destination`, through the client's connection pool, with its timeout and retries. The file
   * appears at `destination` only once complete; parent folders are created.
   */
  download(link: string, destination: string, options?: DownloadOptions): Promise<DownloadResult> {
    return downloadFile(this.transport.downloadSettings, link, destination, options);
  }

  /** Polls until the media is `ready` (resolves) or `failed` (throws MediaFailedError). */
  waitUntilReady(id: string, options: WaitForMediaOptions = {}): Promise<MediaRecord> {
    return waitForMedia(id, (signal) => this.get(id, { signal }), options);
  }
}

// Request shapes of the media endpoints (docs/service.md, Media).
import { z } from 'zod';
import { optional } from './formats.ts';

/** The kinds of media: video, audio, image. */
const kind = z.enum(['video', 'audio', 'image']);

/** Query of `POST /api/library/v1/media`; the file travels in the multipart body. */
export const mediaUploadQuery = z.strictObject({ kind: optional(kind) });

/**
 * Body of `POST /api/library/v1/media/link`: `{link, name?, kind?}`. The link must be an absolute
 * URL the service could fetch; one it then cannot fetch is the documented 400 `media_process_error`, not a 422.
 */
export const mediaLinkBody = z.strictObject({
  link: z
    .string()
    .refine((link) => URL.canParse(link), 'Expected an absolute URL such as https://example.com/video.mp4'),
  name: optional(z.string()),
  kind: optional(kind),
});

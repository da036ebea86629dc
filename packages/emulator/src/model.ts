// The emulator's records in memory: accounts, media, projects, transcriptions and glossaries.
import type { MediaKind } from './media/inspect.ts';
import type { Timeline } from './projects/pipeline.ts';

export interface Balance {
  total: number;
  used: number;
}

export interface Account {
  name: string;
  userId: string;
  credits: { minutes: Balance; video: Balance; lipsync_free_minutes: Balance };
  /** Newest last; the list endpoint walks it backwards. */
  projects: Project[];
}

export interface Media {
  id: string;
  account: Account;
  kind: MediaKind;
  mimeType: string;
  ext: string;
  name: string | null;
  createdAt: number;
  /** When the record turns from `processing` to `ready`. */
  readyAt: number;
  meta: Record<string, unknown>;
  /** The bytes on disk served at /files/media/{id}/{fileName}. */
  filePath: string;
  fileName: string;
  /** sha256 of the bytes (or of the link): the seed of the synthetic transcription. */
  fingerprint: string;
  durationSeconds: number;
  hasAudio: boolean;
  sourceType: 'youtube' | 'gdrive' | 'vimeo' | 's3' | 'local' | 'any';
  link: string | undefined;
  /** A link the service may not fetch (it contains `private`): its projects end in `forbidden_link`. */
  forbidden: boolean;
}

export interface Segment {
  id: string;
  startMs: number;
  endMs: number;
  srcText: string;
  srcLang: string;
  dstText: string;
  dstLang: string;
  speaker: string;
  status: 'processing' | 'updated' | 'done' | 'error';
}

export interface Transcription {
  id: string;
  account: Account;
  segments: Segment[];
  srcLang: string | undefined;
  dstLang: string | undefined;
}

export interface Glossary {
  id: string;
  account: Account;
  name: string;
  srcLang: string;
  dstLang: string;
  entries: Record<string, string>;
  version: number;
}

export interface FaceCheck {
  startedAt: number;
  speed: number;
  fails: boolean;
}

export interface Lipsync {
  /** The free version: a preview of the first 60 s at most, from `lipsync_free_minutes`. */
  preview: boolean;
  requestedAt: number;
  /** When it leaves the queue and when it is done (the queue runs one job at a time). */
  startsAt: number;
  endsAt: number;
  dubVersion: number;
  fails: boolean;
}

export interface Project {
  id: string;
  account: Account;
  media: Media;
  name: string;
  srcLang: string;
  dstLang: string;
  givenSpeakers: number | undefined;
  createdAt: number;
  /** The current run of the pipeline: its timeline, when it started and at what speed. */
  timeline: Timeline;
  runStart: number;
  runSpeed: number;
  /** An earlier run reached merging_done, so output links exist even while editing. */
  mergedBefore: boolean;
  duration: number;
  originalDuration: number;
  glossary: Glossary | undefined;
  glossaryVersion: number | undefined;
  glossaryEntries: Record<string, string> | undefined;
  transcriptId: string;
  /** A transcription uploaded from .srt and given at creation. */
  transcriptSource: Transcription | undefined;
  /** Materialised on first read (synthetic ones are derived from the media), then edited in place. */
  segments: Segment[] | undefined;
  /** Speaker → voice id as last patched (replaced whole); undefined while the suggested voices stand. */
  voice: Record<string, string | null> | undefined;
  /** Segments changed or added since the last render (charged by the next `generate`); undefined when none. */
  editedSegments: Set<string> | undefined;
  /** Speakers whose voice changed since the last render (their segments are charged; voice_update runs). */
  editedVoices: Set<string> | undefined;
  /** Glossary terms (lower case) the emulated translation leaves out for this project (a QA control). */
  droppedTerms: Set<string> | undefined;
  /** Counts renders: lip-sync done for an older dub is `outdated`. */
  dubVersion: number;
  faceCheck: FaceCheck | undefined;
  lipsync: Lipsync | undefined;
  /** The full lip-sync and the free preview are each charged once; running one again is free. */
  lipsyncCharged: boolean;
  previewCharged: boolean;
}

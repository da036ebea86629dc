// `@dubkit/core/schemas`: the zod contract for every record, request body and error body of the service.
// Request schemas are strict (what the client sends, what the emulator accepts); response schemas are
// lenient (unknown fields kept, unknown enum values pass as strings).
export * from './account.ts';
export * from './errors.ts';
export * from './formats.ts';
export * from './glossaries.ts';
export * from './lipsync.ts';
export * from './media.ts';
export * from './open-enum.ts';
export * from './projects.ts';
export * from './transcription.ts';

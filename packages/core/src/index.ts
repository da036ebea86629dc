// @dubkit/core: the public surface of the client for the dubbing service.
export { isTimecode, msToTimecode, timecodeToMs } from './timecode.ts';

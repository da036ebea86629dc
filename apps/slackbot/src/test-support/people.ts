// The people and the waits the end-to-end tests share: Ana starts dubs, Ben is her colleague in the channel;
// a wait for something the app does in the background is bounded by WAIT_MS (LONG_WAIT_MS where a test
// drives several renders or replicas on a loaded machine).
export const ANA = 'U0ANA';
export const BEN = 'U0BEN';
export const WAIT_MS = 20_000;
export const LONG_WAIT_MS = 30_000;

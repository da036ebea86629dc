// @dubkit/emulator: a local, strict stand-in for the hosted dubbing service.
export type { FaultStage, Faults } from './faults.ts';
export { FAULT_STAGES } from './faults.ts';
export type { GlossaryDrop } from './glossary-drops.ts';
export type { ClientCredentials } from './http/auth.ts';
export type { StatusEntered } from './projects/status.ts';
export type { StageRate, TimingOptions } from './projects/timing.ts';
export { DEFAULT_STAGE_RATES } from './projects/timing.ts';
export type { Emulator, EmulatorOptions } from './server.ts';
export { DEFAULT_MAX_FILE_BYTES, startEmulator } from './server.ts';
export type { CreditTotals } from './state.ts';

// How the store keeps a secret it holds (a workflow run's token): the store knows only this port; OAuth mode
// gives it install/sealing.ts's, keyed by DUBKIT_ENCRYPTION_KEY. Without one the value is kept as it is.

/** Sealed when written, opened when read, bound to where it is stored (`context`). */
export interface SecretsAtRest {
  seal(plain: string, context: string): string;
  open(stored: string, context: string): string;
}

// A loop's doorbell, made before anything that rings it: a service records work in the store and rings; the
// loop, made last in the composition, answers from then on. A ring before that is lost harmlessly, as a loop
// reads the store when it starts.
export class Doorbell {
  #answer: (() => void) | undefined;

  readonly ring = (): void => {
    this.#answer?.();
  };

  answeredBy(loop: { wake(): void }): void {
    this.#answer = () => loop.wake();
  }
}

// When each project was read (GET /v2/projects/:id, the endpoint clients poll), in the host's wall-clock
// milliseconds: lets a test or the bench tell, from the service's side, whether two clients (two replicas of
// an app) polled one project within the same interval. The emulator's own clock is not used: a test may
// move it forward, and the question is about real time between requests. At most `perProject` reads are
// kept per project (the latest), so a long bench run stays small.
export class ProjectReads {
  readonly #reads = new Map<string, number[]>();
  readonly #perProject: number;

  constructor(perProject = 1000) {
    this.#perProject = perProject;
  }

  record(projectId: string, at: number): void {
    let list = this.#reads.get(projectId);
    if (!list) {
      list = [];
      this.#reads.set(projectId, list);
    }
    list.push(at);
    if (list.length > this.#perProject) list.shift();
  }

  /** One project's reads, oldest first (empty when it was never read). */
  of(projectId: string): number[] {
    return [...(this.#reads.get(projectId) ?? [])];
  }

  /** Every project's reads. */
  all(): Record<string, number[]> {
    return Object.fromEntries([...this.#reads].map(([id, list]) => [id, [...list]]));
  }

  clear(): void {
    this.#reads.clear();
  }
}

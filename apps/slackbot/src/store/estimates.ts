// What the tracker has learned of the service's rhythm: per status, how long projects stay in it as a function
// of their video's length. Kept as sums that observations add to (so that replicas add theirs without reading
// first, and a restart keeps them), from which the tracker fits its estimates (jobs/stage-estimates.ts).

/** Sums of observations of one status: x = video seconds, y = ms spent in it; r = log of seen / predicted. */
export interface StageSums {
  status: string;
  count: number;
  sumX: number;
  sumY: number;
  sumXX: number;
  sumXY: number;
  /** Log residuals against the fit alone (what a project's first stages vary by). */
  residualCount: number;
  residualSum: number;
  residualSquares: number;
  /** Log residuals against the fit times the project's own pace (what its later stages vary by). */
  pacedCount: number;
  pacedSum: number;
  pacedSquares: number;
}

export interface EstimateStore {
  /**
   * Adds observations to each status's sums. Past a large count, the older sums are halved first, so that the
   * estimates follow a service that changes its pace.
   */
  addStageSums(sums: StageSums[]): Promise<void>;
  /** Every status's sums. */
  stageSums(): Promise<StageSums[]>;
}

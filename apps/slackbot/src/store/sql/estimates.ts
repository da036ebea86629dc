// The tracker's learned stage durations in SQL: one row per status, observations added in one statement each
// (an upsert that adds), so that replicas never overwrite each other's.
import type { EstimateStore, StageSums } from '../estimates.ts';
import { read, type Sql } from './port.ts';

/** Past this many observations of a status, its sums are halved before more are added. */
const HALVE_AFTER = 10_000;

const COLUMNS = [
  ['count', 'n'],
  ['sumX', 'sum_x'],
  ['sumY', 'sum_y'],
  ['sumXX', 'sum_xx'],
  ['sumXY', 'sum_xy'],
  ['residualCount', 'residual_n'],
  ['residualSum', 'residual_sum'],
  ['residualSquares', 'residual_squares'],
  ['pacedCount', 'paced_n'],
  ['pacedSum', 'paced_sum'],
  ['pacedSquares', 'paced_squares'],
] as const;

export function sqlEstimateStore(sql: Sql, tenant: string): EstimateStore {
  const names = COLUMNS.map(([, column]) => column);
  const keep = `CASE WHEN stage_estimates.n > ${HALVE_AFTER} THEN 0.5 ELSE 1 END`;
  const upsert = `INSERT INTO stage_estimates (tenant, status, ${names.join(', ')})
     VALUES (?, ?, ${names.map(() => '?').join(', ')})
     ON CONFLICT (tenant, status) DO UPDATE SET ${names
       .map((column) => `${column} = stage_estimates.${column} * ${keep} + excluded.${column}`)
       .join(', ')}`;
  return {
    addStageSums: (sums) =>
      sql.transaction(async (tx) => {
        for (const row of sums)
          await tx.run(upsert, [tenant, row.status, ...COLUMNS.map(([field]) => row[field])]);
      }),
    async stageSums() {
      const rows = await sql.all('SELECT * FROM stage_estimates WHERE tenant = ? ORDER BY status', [tenant]);
      return rows.map((row) => {
        const sums = { status: read.str(row.status) } as StageSums;
        for (const [field, column] of COLUMNS) sums[field] = read.num(row[column]);
        return sums;
      });
    },
  };
}

// GET /api/v2/verifications/stats (beyond the spec): the workspace's figures for the console's
// overview. One schema, used by the service's response and by the BFF's client.
import { z } from "zod";
import { DECIDED, STATS_DECISIONS, STATS_STATUSES } from "./enum-values";

export { DECIDED, STATS_DECISIONS, STATS_STATUSES };

const counts = <T extends readonly string[]>(keys: T) =>
  z.object(Object.fromEntries(keys.map((k) => [k, z.number().int().min(0)])) as { [K in T[number]]: z.ZodNumber });

export const ScoreBin = z.object({
  /** Lowest score of the bin (0, 100, … 900). */
  from: z.number().int(),
  /** Highest score of the bin, inclusive (99, 199, … 1000: the last bin holds 1000). */
  to: z.number().int(),
  count: z.number().int().min(0),
});

export const DailyDecisions = z.object({
  /** UTC day, YYYY-MM-DD. */
  date: z.string(),
  ...counts(DECIDED).shape,
  total: z.number().int().min(0),
});

export const VerificationStats = z.object({
  /** Range of creation dates the figures cover (null: unbounded). */
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** Verifications created in the range. */
  total: z.number().int().min(0),
  byStatus: counts(STATS_STATUSES),
  /** By latest decision; NOTSTARTED counts verifications without any. */
  byDecision: counts(STATS_DECISIONS),
  /** Ten bins of 100 points over the verifications of the range that have a score. */
  scoreHistogram: z.array(ScoreBin),
  /** Decisions recorded per UTC day in the range (days without decisions are left out). */
  daily: z.array(DailyDecisions),
  /** Stuck now (spec 3.1 `incomplete`), whatever the range. */
  incomplete: z.number().int().min(0),
});
export type VerificationStats = z.infer<typeof VerificationStats>;

// The team features the console shows, from the API's capabilities (lib/api/review.ts). Plain
// values only: this reaches the browser through the layout.

export interface TeamReview {
  /** The review API's features: assignment, sla, flags, bulk, export, views, reasons, fourEyes, notes, reveal, audit, stats, rules. */
  features: string[];
  /** admin or analyst: assign, decide, write notes. */
  canAct: boolean;
  /** admin: settings, the audit log, hiding notes. */
  canAdminister: boolean;
}

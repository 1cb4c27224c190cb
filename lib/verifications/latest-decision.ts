import { FEEDBACK_STATUSES, type FeedbackStatus } from "@/lib/api/types";
import { obj, str } from "./read";

// The latest decision (feedback) a record carries. The v2 record names it `feedbackStatus`
// (its latest feedback's status) and may carry the whole feedback as `latestFeedback`.

export type Decision = Exclude<FeedbackStatus, "NOTSTARTED">;

export function latestDecisionOf(record: unknown): Decision | null {
  const bag = obj(record);
  const value = str(bag?.feedbackStatus) ?? str(obj(bag?.latestFeedback)?.status);
  return value && value !== "NOTSTARTED" && (FEEDBACK_STATUSES as readonly string[]).includes(value) ? (value as Decision) : null;
}

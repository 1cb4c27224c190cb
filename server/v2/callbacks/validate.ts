// The `callback` of v2 creation, single and batch (spec 6; docs/decisions.md "v2 callbacks"):
// validated like v3's (https only, refused destinations, reserved header names) with one more
// field, `method` (POST by default, or PUT). A failure is 400 with the reason.
import { ApiError } from "../../http/errors";
import { validateCallback } from "../../callbacks/validate";
import { parseAllowList } from "../../callbacks/destination";
import type { Services } from "../../context";

export interface V2CallbackInput {
  url: string;
  method?: "POST" | "PUT";
  headers?: Record<string, string>;
}

export interface StoredV2Callback {
  [key: string]: unknown;
  url: string;
  method: "POST" | "PUT";
  headers: Record<string, string>;
}

export function validateV2Callback(s: Services, input: V2CallbackInput): StoredV2Callback {
  const { method = "POST", ...rest } = input;
  const checked = validateCallback(rest, { allowList: parseAllowList(s.config.callbackAllowList) });
  if (!checked.ok) throw new ApiError("invalid_request", checked.message);
  return { url: checked.value.url, method, headers: checked.value.headers };
}

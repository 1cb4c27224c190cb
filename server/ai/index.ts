// The summarizer of this process: the OpenAI-compatible one when LUPA_AI_URL is set, else the
// built-in rule-based one (docs/decisions.md, "AI summary").
import type { Config } from "../config";
import type { Logger } from "../support/logger";
import { builtinSummarizer } from "./builtin";
import { createOpenAiSummarizer } from "./openai";
import type { Summarizer } from "./types";

export function createSummarizer(config: Config, log?: Logger): Summarizer {
  if (!config.ai.url) return builtinSummarizer;
  return createOpenAiSummarizer({
    url: config.ai.url,
    model: config.ai.model,
    apiKey: config.ai.apiKey,
    timeoutMs: config.ai.timeoutMs,
    onFallback: (reason, detail) => log?.warn({ reason, detail }, "AI summary: external model not used, built-in summary answered"),
  });
}

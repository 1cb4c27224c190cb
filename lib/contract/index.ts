// The contract between the service and its clients (the console among them): the resources the
// service answers, their enums and the error envelopes, as zod schemas with inferred types.
// Nothing here imports from outside lib/contract (zod and node: built-ins aside; eslint.config.mjs
// enforces it). The schemas run in Node and in the browser; webhooks/verify.ts is for receivers.
export * from "./enums";
export * from "./dossier";
export * from "./v2";
export * from "./v2-review";
export * from "./v3";
export * from "./auth";
export * from "./error-bodies";
export * from "./error-codes";
export * from "./ai-summary";
export * from "./review";

// POST /api/v1/authentication and /refresh answer a token pair (spec 2.1): both spellings of the
// lifetime and the type; lifetimes in seconds (docs/decisions.md).
import { z } from "zod";

export const TokenPair = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  expiresIn: z.number().int().describe("Seconds"),
  expires_in: z.number().int().describe("Seconds"),
  refreshExpiresIn: z.number().int().describe("Seconds"),
  tokenType: z.literal("Bearer"),
  token_type: z.literal("Bearer"),
});
export type TokenPair = z.infer<typeof TokenPair>;

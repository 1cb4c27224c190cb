import { z } from "zod";
import { startSsoStepUp } from "@/lib/auth/sso";
import { bffError } from "@/lib/bff/errors";
import { readJson, withMutation } from "@/lib/bff/with-mutation";

// POST /bff/auth/sso-step-up {returnTo} – the step-up of a person who signs in by SSO (issue 34 item 3):
// answers {url}, the workspace's identity provider (max_age=0, prompt=login) for the page to go to,
// and sets the cookie that binds the step-up to this browser; the provider comes back to
// /api/auth/sso/callback, which renews the session and returns to `returnTo` (lib/auth/sso.ts).
const Body = z.object({ returnTo: z.string().max(2048) }).strict();

export const POST = withMutation(async (request, { token }) => {
  const parsed = Body.safeParse(await readJson(request));
  if (!parsed.success) return bffError(400, "invalid_request", "Informe a página para onde voltar.");
  return startSsoStepUp(request, token, parsed.data.returnTo);
});

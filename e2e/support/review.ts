import { expect, type Page, type Response } from "@playwright/test";
import type { LupaApi } from "./api";
import { DEMO_PASSWORD, USERS, type Role } from "./env";

// The review API (/api/review/v1) called directly, to prepare and check what the console did.

// The e2e API issues short-lived tokens (LUPA_ACCESS_TOKEN_SECONDS=75): a test longer than that
// signs in again rather than reuse the fixture's cached token.
const tokens = new Map<Role, { token: string; at: number }>();

export async function freshToken(api: LupaApi, role: Role): Promise<string> {
  const cached = tokens.get(role);
  if (cached && Date.now() - cached.at < 45_000) return cached.token;
  const response = await api.request.post("/api/v1/authentication", { data: { username: USERS[role], password: DEMO_PASSWORD } });
  expect(response.status(), `sign in as ${role}`).toBe(200);
  const { accessToken } = (await response.json()) as { accessToken: string };
  tokens.set(role, { token: accessToken, at: Date.now() });
  return accessToken;
}

export async function reviewCall(api: LupaApi, role: Role, method: "GET" | "PUT" | "POST", path: string, data?: unknown) {
  const response = await api.request.fetch(`/api/review/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${await freshToken(api, role)}` },
    ...(data !== undefined ? { data } : {}),
  });
  const text = await response.text();
  return { status: response.status(), body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

/** Changes workspace settings as the admin; answers the previous values of the keys changed, to put back. */
export async function changeSettings(api: LupaApi, update: Record<string, unknown>): Promise<Record<string, unknown>> {
  const before = await reviewCall(api, "admin", "GET", "/settings");
  expect(before.status).toBe(200);
  const changed = await reviewCall(api, "admin", "PUT", "/settings", update);
  expect(changed.status, JSON.stringify(changed.body)).toBe(200);
  return Object.fromEntries(Object.keys(update).map((key) => [key, (before.body as Record<string, unknown>)[key]]));
}

/**
 * Every response the page receives, kept with its body as text, to search for a full document
 * (JSON, HTML, the RSC payload, scripts: whatever is text).
 */
export function recordResponses(page: Page): { bodies: () => Promise<Array<{ url: string; text: string }>> } {
  const seen: Response[] = [];
  page.on("response", (response) => {
    seen.push(response);
  });
  return {
    bodies: async () => {
      const out: Array<{ url: string; text: string }> = [];
      for (const response of seen) {
        const type = response.headers()["content-type"] ?? "";
        if (/image|font|pdf/.test(type)) continue;
        try {
          out.push({ url: response.url(), text: await response.text() });
        } catch {
          // a redirect or a response whose body is gone
        }
      }
      return out;
    },
  };
}

/** Fails when any body holds the document in full: its digits in a row, or formatted. */
export async function expectNoFullDocument(recorder: ReturnType<typeof recordResponses>, digits: string, formatted: string) {
  const bodies = await recorder.bodies();
  expect(bodies.length).toBeGreaterThan(0);
  const leaks = bodies.filter((b) => b.text.includes(digits) || b.text.includes(formatted)).map((b) => b.url);
  expect(leaks, "responses that carried the full document before a reveal").toEqual([]);
}

/** The v2 record as the analyst reads it, with a fresh token (feedbackStatus, feedback). */
export async function readCase(api: LupaApi, id: string): Promise<Record<string, unknown>> {
  const response = await api.request.get(`/api/v2/verifications/${id}`, {
    headers: { authorization: `Bearer ${await freshToken(api, "analyst")}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

/** The latest effective decision (feedbackStatus), with a fresh token. */
export async function decisionOf(api: LupaApi, id: string): Promise<string | undefined> {
  return (await readCase(api, id)).feedbackStatus as string | undefined;
}

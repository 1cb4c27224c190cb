import { expect, type Page, type Response } from "@playwright/test";
import type { LupaApi } from "./api";
import type { Role } from "./env";

// The review API (/api/review/v1) called directly, to prepare and check what the console did.

export async function reviewCall(api: LupaApi, role: Role, method: "GET" | "PUT" | "POST", path: string, data?: unknown) {
  const response = await api.request.fetch(`/api/review/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${await api.token(role)}` },
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

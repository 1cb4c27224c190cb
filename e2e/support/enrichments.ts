import { expect, type APIRequestContext } from "@playwright/test";
import type { LupaApi } from "./api";

// v3 helpers for the enrichment and network tests: create through the API, wait for the end.

export const HUGE_COMPANY = "00000012000116"; // huge_network sandbox company (docs/sandbox.md)
export const LARGE_PERSON = "00000010820"; // large_network sandbox person
export const SLOW_PERSON = "00000006807"; // slow sandbox person (beyond the 25 s wait)

export async function createEnrichment(request: APIRequestContext, api: LupaApi, document: string, profileId: string): Promise<string> {
  const token = await api.token("integration");
  const response = await request.post("/api/v3/enrichments", {
    headers: { authorization: `Bearer ${token}` },
    data: { document, profileId },
    timeout: 60_000,
  });
  expect([200, 202], await response.text()).toContain(response.status());
  const { id } = (await response.json()) as { id: string };
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/v3/enrichments/${id}`, { headers: { authorization: `Bearer ${token}` } });
        return ((await res.json()) as { status: string }).status;
      },
      { timeout: 60_000, intervals: [250, 500, 1000] },
    )
    .toMatch(/COMPLETED|FAILED/);
  return id;
}

import { expect, type APIRequestContext } from "@playwright/test";
import type { LupaApi } from "./api";

// The workspace's restrictive list through the service itself (v2 blacklist), to prepare and
// check data around the console's tests. The workspace is the one of the token (claim `wid`).

export interface ListedEntry {
  nationalId: string;
  name: string | null;
  reason: string;
  expiresAt: string | null;
  createdByEmail: string | null;
  expired: boolean;
}

function workspaceOf(token: string): string {
  const claims = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8")) as { wid?: string };
  expect(claims.wid, "the token names its workspace").toBeTruthy();
  return claims.wid as string;
}

export class RestrictiveListApi {
  constructor(
    private readonly request: APIRequestContext,
    private readonly api: LupaApi,
  ) {}

  private async auth() {
    const token = await this.api.token("analyst");
    return { headers: { authorization: `Bearer ${token}` }, workspaceId: workspaceOf(token) };
  }

  async add(entry: { nationalId: string; reason: string; name?: string }): Promise<void> {
    const { headers, workspaceId } = await this.auth();
    const response = await this.request.post(`/api/v2/blacklist?workspaceId=${workspaceId}`, { headers, data: entry });
    expect(response.status(), `add to the restrictive list: ${await response.text()}`).toBe(201);
  }

  /** Entries whose document, name or reason contains `search`. */
  async search(search: string): Promise<{ items: ListedEntry[]; total: number }> {
    const { headers, workspaceId } = await this.auth();
    const query = new URLSearchParams({ workspaceId, search, limit: "100" });
    const response = await this.request.get(`/api/v2/blacklist?${query}`, { headers });
    expect(response.status()).toBe(200);
    return (await response.json()) as { items: ListedEntry[]; total: number };
  }

  async find(nationalId: string): Promise<ListedEntry | undefined> {
    return (await this.search(nationalId)).items.find((item) => item.nationalId === nationalId);
  }
}

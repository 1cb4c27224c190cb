import { expect, type APIRequestContext } from "@playwright/test";
import { DEMO_PASSWORD, USERS, type Role } from "./env";

// Calls the service directly (never through the console) to prepare data for the browser tests.

export interface ApiVerification {
  id: string;
  status: string;
  name: string | null;
  nationalId: string;
  profileId?: string | null;
  result?: { score?: number } | null;
  [key: string]: unknown;
}

const TERMINAL = new Set(["COMPLETED", "FAILED"]);

export class LupaApi {
  private readonly tokens = new Map<Role, string>();

  constructor(readonly request: APIRequestContext) {}

  async token(role: Role): Promise<string> {
    const cached = this.tokens.get(role);
    if (cached) return cached;
    const response = await this.request.post("/api/v1/authentication", { data: { username: USERS[role], password: DEMO_PASSWORD } });
    expect(response.status(), `sign in as ${role}`).toBe(200);
    const { accessToken } = (await response.json()) as { accessToken: string };
    this.tokens.set(role, accessToken);
    return accessToken;
  }

  private async headers(role: Role) {
    return { authorization: `Bearer ${await this.token(role)}` };
  }

  /** The workspace's verification scoring profile for persons or companies (GET /api/v3/profiles). */
  async verificationProfileId(entity: "person" | "company", role: Role = "integration"): Promise<string> {
    const response = await this.request.get("/api/v3/profiles?kind=verification", { headers: await this.headers(role) });
    expect(response.status(), "list verification profiles").toBe(200);
    const body = (await response.json()) as { items?: Array<{ entity?: string; profile?: { id?: string } }> };
    const id = body.items?.find((item) => item.entity === entity)?.profile?.id;
    expect(id, `a ${entity} verification profile in the demo workspace`).toBeTruthy();
    return id as string;
  }

  async createVerification(
    nationalId: string,
    options: {
      role?: Role;
      profileId?: string;
      /** The request's `verifications` (ia, cnh, faceRecognition, ...); {} by default. */
      verifications?: Record<string, unknown>;
      /** Declared case data compared by the AI summary. */
      input?: Array<{ attribute: string; value: string }>;
    } = {},
  ): Promise<ApiVerification> {
    const role = options.role ?? "integration";
    const response = await this.request.post("/api/v2/verifications", {
      headers: await this.headers(role),
      data: {
        nationalId,
        verifications: options.verifications ?? {},
        ...(options.profileId ? { profileId: options.profileId } : {}),
        ...(options.input ? { input: options.input } : {}),
      },
    });
    expect(response.status(), `create verification: ${await response.text()}`).toBe(201);
    return (await response.json()) as ApiVerification;
  }

  async getVerification(id: string, role: Role = "integration"): Promise<ApiVerification> {
    const response = await this.request.get(`/api/v2/verifications/${id}`, { headers: await this.headers(role) });
    expect(response.status()).toBe(200);
    return (await response.json()) as ApiVerification;
  }

  /** GET /api/v2/verifications/:id/ai-summary as the service answers it (status and JSON body, if any). */
  async aiSummary(
    id: string,
    options: { role?: Role; make?: boolean } = {},
  ): Promise<{ status: number; body: Record<string, unknown> | null }> {
    const query = options.make === false ? "?make=false" : "";
    const response = await this.request.get(`/api/v2/verifications/${id}/ai-summary${query}`, {
      headers: await this.headers(options.role ?? "viewer"),
    });
    const text = await response.text();
    return { status: response.status(), body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
  }

  async waitUntilTerminal(id: string, timeoutMs = 45_000): Promise<ApiVerification> {
    let last: ApiVerification | undefined;
    await expect
      .poll(
        async () => {
          last = await this.getVerification(id);
          return TERMINAL.has(last.status);
        },
        { timeout: timeoutMs, intervals: [250, 500, 1000] },
      )
      .toBe(true);
    return last as ApiVerification;
  }

  async listVerifications(query: Record<string, string | number> = {}, role: Role = "analyst") {
    const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
    const response = await this.request.get(`/api/v2/verifications${search ? `?${search}` : ""}`, { headers: await this.headers(role) });
    expect(response.status()).toBe(200);
    return (await response.json()) as { verifications: ApiVerification[]; page: number; limit: number; total: number };
  }
}

/** The latest decision of a verification as the service records it (feedbackStatus). */
export async function latestDecision(api: LupaApi, id: string): Promise<string | undefined> {
  const record = await api.getVerification(id, "analyst");
  return record.feedbackStatus as string | undefined;
}

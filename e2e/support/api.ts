import { expect, type APIRequestContext, type APIResponse } from "@playwright/test";
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

/** The refusal codes of admission control (server/http/admission.ts): the request was not started. */
const BUSY_CODES = new Set(["service_busy", "idempotency_retry", "profiles_unavailable", "billing_unavailable"]);
const REQUEST_METHODS = new Set(["get", "post", "put", "patch", "delete", "head", "fetch"]);
/** How many times a refused request is repeated before its 503 is handed to the test. */
const BUSY_ATTEMPTS = 15;

async function refusedAsBusy(response: APIResponse): Promise<boolean> {
  // v3 and the review API answer {error: {code, message}}; v1 and v2 {error: message}, whose
  // message for this refusal is admission control's (server/http/admission.ts)
  const body = (await response.json().catch(() => null)) as { error?: string | { code?: string } } | null;
  const error = body?.error;
  if (typeof error === "string") return error.startsWith("The service is busy and did not start this request");
  return typeof error?.code === "string" && BUSY_CODES.has(error.code);
}

/**
 * The request context as a well-behaved client uses it: a 503 whose body is one of admission
 * control's codes and which carries Retry-After was refused before the service did anything
 * (nothing written: docs/decisions.md, "Admission control"), so it is repeated after the wait it
 * asks for, as the console's BFF does (lib/api/client.ts). On the embedded database a loaded CI
 * machine running two console workers beside the other test lanes fills its queue now and then;
 * a test's setup call answered 503 there was a test failure, not a finding. Every other answer,
 * another 503 included, reaches the test as it came.
 */
export function repeatWhenBusy(request: APIRequestContext): APIRequestContext {
  return new Proxy(request, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof property !== "string" || !REQUEST_METHODS.has(property) || typeof value !== "function") return value;
      const send = value as (...args: unknown[]) => Promise<APIResponse>;
      return async (...args: unknown[]): Promise<APIResponse> => {
        for (let attempt = 1; ; attempt++) {
          const response = await send.apply(target, args);
          const retryAfter = Number(response.headers()["retry-after"]);
          if (response.status() !== 503 || !(retryAfter > 0) || attempt >= BUSY_ATTEMPTS) return response;
          if (!(await refusedAsBusy(response))) return response;
          await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000));
        }
      };
    },
  });
}

/** When a JWT expires (its `exp`, in ms); 0 when it has none. */
function expiresAt(token: string): number {
  try {
    const { exp } = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8")) as { exp?: number };
    return typeof exp === "number" ? exp * 1000 : 0;
  } catch {
    return 0;
  }
}

export class LupaApi {
  private readonly tokens = new Map<Role, string>();

  readonly request: APIRequestContext;

  constructor(request: APIRequestContext) {
    this.request = repeatWhenBusy(request);
  }

  /**
   * An access token of the role's demo account, signed in again when the kept one is within 15 s
   * of its expiry: the e2e API's tokens last 75 s (playwright.config.ts), less than a long test on
   * a loaded machine (CI saw a 401 two minutes into a test).
   */
  async token(role: Role): Promise<string> {
    const cached = this.tokens.get(role);
    if (cached && expiresAt(cached) - Date.now() > 15_000) return cached;
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

// One way to declare an API route. A route states its method, url, permission and the schemas of
// its params, query, body and responses; the handler receives them parsed and typed, with the
// caller taken from the token. The same schemas document the route in /openapi.json, and the
// boundary tests (test/service/fuzz.test.ts) find every route registered here.
//
//   route(app, {
//     method: "GET", url: "/api/v2/verifications/:id", permission: "verifications:read",
//     tags, summary: "Get a verification",
//     params: VerificationIdParams,
//     response: { 200: V2Record, 404: V2Error },
//     handler: async ({ params, caller }) => ...,
//   });
//
// Validation order: params, then query, then body (each failure answers its own code, below).
// Before any of it, the caller is authenticated (onRequest, server/http/auth.ts: a body is never
// read for a caller without a valid token) and every string of the request passes the boundary
// (server/http/boundary.ts: control characters, lone surrogates, depth), with the same codes.
// Handlers that must check fields in an order the spec prescribes (v3 creation) pass a parse
// function instead of a schema: `body: { schema, parse }`; the parse function also gets the
// request, for a header that must be checked in the same step (the batch's Idempotency-Key).
// After validation and before the handler, an authenticated route passes admission control
// (server/http/admission.ts: 503 while the database's queue is full); a route that can answer
// some requests without the database (the record cache) says `admission: "handler"` and calls
// `admit()` itself once it knows it needs the database.
// On v3, query parameters the query schema does not name are refused (invalid_body) before the
// query is parsed, and every query parameter is refused when the route has no query schema. The
// review API (/api/review/v1) does the same with invalid_parameter, answers invalid_body for a
// bad body, and uses the v3 envelope.
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from "fastify";
import { z } from "zod";
import type { Permission } from "../auth/permissions";
import type { TokenClaims } from "../auth/tokens";
import { ApiError, type ErrorCode } from "./errors";
import { caller as callerOf } from "./auth";
import { hasCodedErrors, isReview, isV3 } from "./error-handler";
import { describeIssues, jsonSchema } from "./validate";
import { refusalCode, type Admission } from "./admission";
import { V2ErrorBody, V3ErrorBody } from "../../lib/contract/error-bodies";
import { requireFreshAuth } from "../auth/step-up";

/** A zod schema, or a parse function with the schema that documents it. */
export type Input<T> = z.ZodType<T> | { schema: z.ZodType; parse: (raw: unknown, request: FastifyRequest) => T };

declare module "fastify" {
  interface FastifyInstance {
    /** Admission control of the routes declared with route() (server/http/app.ts decorates it). */
    admission: Admission | null;
  }
}

interface Context<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  request: FastifyRequest;
  reply: FastifyReply;
  /** Admission control, for a route declared with `admission: "handler"`: throws the 503 when the database's queue is full. */
  admit: () => void;
}

interface BaseSpec<P, Q, B> {
  method: Extract<HTTPMethods, "GET" | "POST" | "PUT" | "PATCH" | "DELETE">;
  url: string;
  tags: string[];
  summary: string;
  /** OpenAPI operationId; derived from method and url when absent. */
  operationId?: string;
  description?: string;
  params?: Input<P>;
  /** Absent: on v3 any query parameter is refused (invalid_body); elsewhere they are ignored. */
  query?: Input<Q>;
  body?: Input<B>;
  /** Documented request headers (OpenAPI only; read them from `request.headers`). */
  headers?: Record<string, { type: "string"; maxLength?: number; description?: string }>;
  /** Status of a plain return value (default 200). Return `reply` to answer anything else. */
  status?: number;
  /** Responses by status, for /openapi.json. */
  response: Record<number, z.ZodType>;
  /** Error codes when a part fails its schema (defaults: v3 invalid_body; v1/v2 invalid_parameter for params and query, invalid_request for the body). */
  errors?: { params?: ErrorCode; query?: ErrorCode; body?: ErrorCode };
  /** Content types the body may have, for OpenAPI (default JSON). */
  consumes?: string[];
  /** Response content types other than JSON, for OpenAPI. */
  produces?: string[];
  hide?: boolean;
  /** Largest body in bytes, when a route needs more than the app's default (v2 creation: images). */
  bodyLimit?: number;
  /** "handler": the handler calls `admit()` itself, once it needs the database (a record-cache miss). */
  admission?: "handler";
  /**
   * A GET that records an audit event (an export, the PDF): refused (403 cross_site_request) when
   * the browser says another site sent it (`Sec-Fetch-Site: cross-site`), so a third-party page
   * cannot make a signed-in person "export" in the trail (issue 30, item 6).
   */
  auditedRead?: true;
  /**
   * Step-up (issue 34; server/auth/step-up.ts): the act needs an authentication of the session less
   * than LUPA_STEP_UP_SECONDS old, else 401 reauthentication_required. Checked after validation.
   */
  freshAuth?: true;
  /** A second-step route: a token whose session still owes its second factor is accepted here (server/http/auth.ts). */
  secondStep?: true;
}

export interface AuthenticatedSpec<P, Q, B> extends BaseSpec<P, Q, B> {
  permission: Permission;
  handler: (ctx: Context<P, Q, B> & { caller: TokenClaims }) => Promise<unknown>;
}

export interface PublicSpec<P, Q, B> extends BaseSpec<P, Q, B> {
  permission?: undefined;
  /** Required under a prefix whose routes are authenticated (/api/v2, /api/v3, /api/review): says the route is public on purpose. */
  public?: true;
  handler: (ctx: Context<P, Q, B> & { caller: null }) => Promise<unknown>;
}

/** Every route registered through `route`, for the boundary tests and the docs. */
export interface RegisteredRoute {
  method: string;
  url: string;
  permission: Permission | null;
  hasQuery: boolean;
  hasBody: boolean;
  auditedRead: boolean;
  freshAuth: boolean;
}
const registry = new WeakMap<FastifyInstance, RegisteredRoute[]>();

export function registeredRoutes(app: FastifyInstance): RegisteredRoute[] {
  return [...(registry.get(app) ?? [])];
}

function schemaOf(input: Input<unknown>): z.ZodType {
  return input instanceof z.ZodType ? input : input.schema;
}

function parseWith<T>(input: Input<T>, raw: unknown, code: ErrorCode, request: FastifyRequest): T {
  if (!(input instanceof z.ZodType)) return input.parse(raw, request);
  const result = input.safeParse(raw);
  if (!result.success) throw new ApiError(code, describeIssues(result.error));
  return result.data;
}

/** The parameter names a query schema declares (an object schema's keys; none otherwise). */
function namesOf(input: Input<unknown> | undefined): ReadonlySet<string> {
  const schema = input ? schemaOf(input) : null;
  return new Set(schema instanceof z.ZodObject ? Object.keys(schema.shape) : []);
}

function refuseQuery(raw: unknown, known: ReadonlySet<string>, code: ErrorCode): void {
  const keys = Object.keys((raw ?? {}) as Record<string, unknown>).filter((k) => !known.has(k));
  if (keys.length > 0)
    throw new ApiError(
      code,
      `Unknown query parameter(s): ${keys
        .slice(0, 5)
        .map((k) => k.slice(0, 40))
        .join(", ")}`,
    );
}

/** The answers every authenticated route may give besides its own (documented in OpenAPI). */
function defaultResponses(spec: { url: string; permission?: Permission }): Record<number, z.ZodType> {
  if (!spec.permission) return {};
  const body: z.ZodType = hasCodedErrors(spec.url) ? V3ErrorBody : V2ErrorBody;
  const answers: Record<number, z.ZodType> = { 401: body, 403: body };
  if (isV3(spec.url)) answers[429] = body;
  answers[503] = body; // admission control (server/http/admission.ts)
  return answers;
}

/** GET /api/v3/enrichments/:id -> getApiV3EnrichmentsById (stable and unique per route). */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .split("/")
    .filter(Boolean)
    .map((part) => {
      const name = part.startsWith(":") ? `by-${part.slice(1)}` : part;
      return name
        .split(/[^A-Za-z0-9]+/)
        .filter(Boolean)
        .map((w) => w[0]!.toUpperCase() + w.slice(1))
        .join("");
    });
  return method.toLowerCase() + words.join("");
}

export function route<P = Record<string, never>, Q = Record<string, never>, B = undefined>(
  app: FastifyInstance,
  spec: AuthenticatedSpec<P, Q, B> | PublicSpec<P, Q, B>,
): void {
  const v3 = isV3(spec.url);
  const review = isReview(spec.url);
  // the review API: invalid_parameter for path and query, invalid_body for the body (v3 envelope)
  const codes = {
    params: spec.errors?.params ?? (v3 ? "invalid_body" : "invalid_parameter"),
    query: spec.errors?.query ?? (v3 ? "invalid_body" : "invalid_parameter"),
    body: spec.errors?.body ?? (v3 || review ? "invalid_body" : "invalid_request"),
  } satisfies Record<string, ErrorCode>;

  const response = Object.fromEntries(
    Object.entries({ ...defaultResponses(spec), ...spec.response }).map(([status, schema]) => [status, jsonSchema(schema, "output")]),
  );
  const schema: Record<string, unknown> = {
    tags: spec.tags,
    summary: spec.summary,
    operationId: spec.operationId ?? operationIdOf(spec.method, spec.url),
    response,
  };
  // public routes (sign-in) need no token; the others inherit the document's bearer scheme
  if (!spec.permission) schema.security = [];
  if (spec.description) schema.description = spec.description;
  if (spec.freshAuth)
    schema.description = `${spec.description ? `${spec.description} ` : ""}Step-up: needs an authentication of the session less than LUPA_STEP_UP_SECONDS old, else 401 reauthentication_required (POST /api/review/v1/auth/step-up; docs/security.md).`;
  if (spec.hide) schema.hide = true;
  if (spec.params) schema.params = jsonSchema(schemaOf(spec.params));
  if (spec.query) schema.querystring = jsonSchema(schemaOf(spec.query));
  if (spec.body) schema.body = jsonSchema(schemaOf(spec.body));
  if (spec.headers) schema.headers = { type: "object", properties: spec.headers };
  if (spec.consumes) schema.consumes = spec.consumes;
  if (spec.produces) schema.produces = spec.produces;

  const queryNames = namesOf(spec.query);
  const refusal = refusalCode(spec.method, spec.url);
  const list = registry.get(app) ?? [];
  registry.set(app, list);
  list.push({
    method: spec.method,
    url: spec.url,
    permission: spec.permission ?? null,
    hasQuery: Boolean(spec.query),
    hasBody: Boolean(spec.body),
    auditedRead: spec.auditedRead === true,
    freshAuth: spec.freshAuth === true,
  });

  app.route({
    method: spec.method,
    url: spec.url,
    // the boundary (server/http/boundary.ts) answers these codes for params, query and body too
    config: spec.permission
      ? { permission: spec.permission, inputErrors: codes, secondStep: spec.secondStep === true }
      : { inputErrors: codes, public: spec.public === true },
    ...(spec.bodyLimit ? { bodyLimit: spec.bodyLimit } : {}),
    schema,
    handler: async (request, reply) => {
      if (spec.auditedRead && request.headers["sec-fetch-site"] === "cross-site")
        throw new ApiError("cross_site_request", "This read is recorded in the audit trail: it is refused when another site sends it");
      const params = (spec.params ? parseWith(spec.params, request.params ?? {}, codes.params, request) : {}) as P;
      let query = {} as Q;
      if (v3 || review) refuseQuery(request.query, queryNames, codes.query);
      if (spec.query) query = parseWith(spec.query, request.query ?? {}, codes.query, request);
      const body = (spec.body ? parseWith(spec.body, request.body, codes.body, request) : undefined) as B;
      const admit = () => app.admission?.check(refusal, spec.url);
      if (spec.permission && spec.admission !== "handler") admit();
      if (spec.freshAuth) await requireFreshAuth(request);
      const ctx = { params, query, body, request, reply, admit };
      const result = spec.permission
        ? await (spec as AuthenticatedSpec<P, Q, B>).handler({ ...ctx, caller: callerOf(request) })
        : await (spec as PublicSpec<P, Q, B>).handler({ ...ctx, caller: null });
      // A handler that answered itself returns `reply`; awaiting it (a Fastify reply is a thenable)
      // gives undefined once sent, so `sent` is what tells. Sending again would only log
      // FST_ERR_REP_ALREADY_SENT, at the cost of an Error and its stack on every such request.
      if (result === reply || reply.sent) return reply;
      return reply.status(spec.status ?? 200).send(result);
    },
  });
}

// The strict boundary every API route gets for free (docs/decisions.md, "Strict boundary"): before
// a handler runs, every string of the path parameters, the query and the JSON body, keys
// included, is checked for what PostgreSQL cannot store or no honest client sends:
//   - C0 control characters (U+0000-U+001F) other than tab, line feed and carriage return; in
//     keys, none at all;
//   - lone UTF-16 surrogates (not Unicode text; jsonb refuses them);
//   - nesting deeper than MAX_INPUT_DEPTH (so nothing downstream recurses without bound).
// A failure answers 400 with the route's code for that part: v3 invalid_body; v1/v2
// invalid_parameter for params and query, invalid_request for the body. The walk is iterative.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { ApiError, type ErrorCode } from "./errors";
import { isReview, isV3 } from "./error-handler";

/** Deepest nesting of objects and arrays accepted anywhere in a request. */
export const MAX_INPUT_DEPTH = 32;

export type InputPart = "params" | "query" | "body";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Codes for a part that fails the boundary or its schema (set by route()). */
    inputErrors?: Partial<Record<InputPart, ErrorCode>>;
  }
}

// eslint-disable-next-line no-control-regex
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;
// eslint-disable-next-line no-control-regex
const CONTROL_IN_KEY = /[\u0000-\u001F]/;

// String.prototype.isWellFormed (Node 20; not yet in the ES2023 lib this project compiles against)
const wellFormed = (text: string) => (text as unknown as { isWellFormed(): boolean }).isWellFormed();

const shown = (key: string) => (/^[A-Za-z0-9_.-]{1,40}$/.test(key) ? key : "(name not shown)");

function badText(text: string, key: boolean): string | null {
  if ((key ? CONTROL_IN_KEY : CONTROL_IN_TEXT).test(text)) return "contains a control character";
  if (!wellFormed(text)) return "is not valid Unicode text";
  return null;
}

/**
 * The first problem of a decoded input value, as "where: problem" naming the path (never the
 * value), or null when it is acceptable.
 */
export function inputProblem(value: unknown, root: string): string | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: root, depth: 0 }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    const v = item.value;
    if (typeof v === "string") {
      const problem = badText(v, false);
      if (problem) return `${item.path}: ${problem}`;
      continue;
    }
    if (typeof v !== "object" || v === null) continue;
    if (item.depth >= MAX_INPUT_DEPTH) return `${item.path}: nested deeper than ${MAX_INPUT_DEPTH} levels`;
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], path: `${item.path}.${i}`, depth: item.depth + 1 });
      continue;
    }
    for (const key of Object.keys(v)) {
      const problem = badText(key, true);
      if (problem) return `${item.path}: a field name ${problem}`;
      stack.push({ value: (v as Record<string, unknown>)[key], path: `${item.path}.${shown(key)}`, depth: item.depth + 1 });
    }
  }
  return null;
}

/** The code a route answers when `part` fails the boundary. */
export function inputErrorCode(request: FastifyRequest, part: InputPart): ErrorCode {
  const configured = request.routeOptions.config?.inputErrors?.[part];
  if (configured) return configured;
  if (isV3(request.url)) return "invalid_body";
  if (isReview(request.url)) return part === "body" ? "invalid_body" : "invalid_parameter";
  return part === "body" ? "invalid_request" : "invalid_parameter";
}

/** An API route as registered, however it was declared (route() or app.get/post). */
export interface ApiRoute {
  method: string;
  url: string;
  permission: string | null;
}
const apiRoutes = new WeakMap<FastifyInstance, ApiRoute[]>();

/**
 * Every /api/ route of the app (HEAD excepted), for the boundary tests (test/service/fuzz.test.ts):
 * a route joins them by being registered, whichever way.
 */
export function allApiRoutes(app: FastifyInstance): ApiRoute[] {
  return [...(apiRoutes.get(app) ?? [])];
}

/** Checks params, query and body of every /api/ route before its handler. */
export function registerBoundary(app: FastifyInstance): void {
  const routes: ApiRoute[] = [];
  apiRoutes.set(app, routes);
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api/")) return;
    const permission = (route.config as { permission?: string } | undefined)?.permission ?? null;
    for (const method of [route.method].flat()) if (method !== "HEAD") routes.push({ method, url: route.url, permission });
  });
  app.addHook("preHandler", (request, _reply, done) => {
    if (!request.url.startsWith("/api/")) return done();
    const parts: [InputPart, unknown][] = [
      ["params", request.params],
      ["query", request.query],
      ["body", request.body],
    ];
    for (const [part, value] of parts) {
      const problem = inputProblem(value, part);
      if (problem) return done(new ApiError(inputErrorCode(request, part), problem));
    }
    done();
  });
}

// The second factor and step-up (issue 34, items 2, 3 and 6; docs/security.md), under /api/review/v1/auth:
// GET    /auth/factor                 – the caller's factor, the workspace's policy, what the session owes
// POST   /auth/factor/totp            – start an enrolment: a secret, its otpauth URI and QR code
// POST   /auth/factor/totp/confirm    – confirm it with a code: 10 recovery codes (shown once)
// DELETE /auth/factor                 – remove one's own factor (step-up)
// POST   /auth/second-factor          – the sign-in's second step: a code or a recovery code, for a full pair
// POST   /auth/step-up                – password (and code) again: the session is fresh for LUPA_STEP_UP_SECONDS
// GET    /auth/factors                – who has a factor (admins)
// POST   /members/{userId}/factor/reset – an admin removes a person's factor (step-up; recorded)
import type { FastifyInstance, FastifyRequest } from "fastify";
import { and, asc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Services } from "../../context";
import { route } from "../../http/route";
import { ApiError, notFound } from "../../http/errors";
import { userFactors, users } from "../../db/schema";
import { V3ErrorBody } from "../../../lib/contract/error-bodies";
import { TokenPair } from "../../../lib/contract/auth";
import {
  ConfirmTotpBody,
  ConfirmTotpResult,
  FactorStatus,
  MemberFactors,
  MemberIdParams,
  SecondFactorBody,
  StepUpBody,
  StepUpResult,
  TotpEnrolment,
} from "../../../lib/contract/mfa";
import { callerEvent, recordEvent, recordEvents } from "../../review/audit/record";
import { readSettings } from "../../review/settings/store";
import { findUserById } from "../../tenancy/users";
import { canStepUpWithSso } from "../../sso/step-up";
import { SSO_ONLY_PASSWORD } from "../../sso/sign-in";
import { issueTokenPair, type TokenClaims } from "../tokens";
import { liveSession, markAuthenticated } from "../sessions";
import {
  codeAttemptSucceeded,
  releaseCodeAttempt,
  reserveCodeAttempt,
  reserveAttempt,
  attemptSucceeded,
  releaseAttempt,
} from "../login-throttle";
import { claimsOf } from "../../v1/authentication";
import { freshUntil } from "../step-up";
import { factorOf, newRecoveryCodes, recoveryCodesLeft, removeFactor, spendCode, spendRecoveryCode, startEnrolment } from "./store";
import { newSecret, otpauthUri, qrDataUrl } from "./totp";
import { recordRefusal } from "./refusals";

const tags = ["review auth"];
const P = "/api/review/v1";
const tooMany = (wait: number) =>
  new ApiError("too_many_attempts", "Too many wrong codes; try again later", { "Retry-After": String(wait) });

export function registerMfaRoutes(app: FastifyInstance, s: Services): void {
  const key = s.config.mfaKey;
  const tokenSettings = {
    secret: s.config.jwtSecret,
    accessTokenSeconds: s.config.accessTokenSeconds,
    refreshTokenSeconds: s.config.refreshTokenSeconds,
  };
  const who = (caller: TokenClaims) => ({ userId: caller.userId, workspaceId: caller.workspaceId });

  /** A code or recovery code of the caller's confirmed factor, counted by the second-step throttle. */
  async function checkSecondFactor(
    caller: TokenClaims,
    request: FastifyRequest,
    input: { code?: string; recoveryCode?: string },
    step: "second_factor" | "step_up",
  ) {
    const wait = await reserveCodeAttempt(s.db, caller.userId);
    if (wait > 0) throw tooMany(wait);
    let ok: boolean;
    try {
      ok =
        input.code !== undefined
          ? await spendCode(s.db, key, who(caller), input.code)
          : await spendRecoveryCode(s.db, key, who(caller), input.recoveryCode ?? "");
    } catch (error) {
      await releaseCodeAttempt(s.db, caller.userId);
      throw error;
    }
    if (!ok) {
      await recordRefusal(
        s.db,
        { id: caller.userId, workspaceId: caller.workspaceId, email: caller.email },
        request.id,
        input.code !== undefined ? "invalid_code" : "invalid_recovery_code",
        step,
      );
      throw new ApiError("invalid_code", input.code !== undefined ? "Wrong or already used code" : "Unknown or already used recovery code");
    }
    await codeAttemptSucceeded(s.db, caller.userId);
    return input.code !== undefined ? ("totp" as const) : ("recovery_code" as const);
  }

  /** A full pair for the caller's session, once it passed its second step. */
  async function fullPair(caller: TokenClaims) {
    const user = await findUserById(s.db, caller.workspaceId, caller.userId);
    const session = await liveSession(s.db, caller);
    if (!user || !session) throw new ApiError("unauthorized", "Session ended");
    return issueTokenPair(claimsOf(user, session.id), tokenSettings, session.expiresAt);
  }

  route(app, {
    method: "GET",
    url: `${P}/auth/factor`,
    permission: "review:read",
    secondStep: true,
    tags,
    summary: "The caller's second factor",
    description: "Whether a TOTP factor is enrolled, the recovery codes left, the workspace's policy and what this session still owes.",
    response: { 200: FactorStatus },
    handler: async ({ caller }) => {
      const factor = await factorOf(s.db, who(caller));
      const settings = await readSettings(s.db, caller.workspaceId);
      return {
        enrolled: factor?.confirmed === true,
        confirmedAt: factor?.confirmedAt?.toISOString() ?? null,
        recoveryCodesLeft: factor?.confirmed ? await recoveryCodesLeft(s.db, who(caller)) : 0,
        required: settings.mfa.required && caller.role !== "integration",
        due: caller.secondFactor ?? null,
        freshUntil: (await freshUntil(s.db, caller, s.config.stepUpSeconds))?.toISOString() ?? null,
        stepUpMethods: await stepUpMethodsOf(s.db, caller),
      };
    },
  });

  route(app, {
    method: "POST",
    url: `${P}/auth/factor/totp`,
    permission: "review:read",
    secondStep: true,
    tags,
    summary: "Start a TOTP enrolment",
    description:
      "A new secret (replacing an unconfirmed one), its otpauth URI and a QR code of it. It counts only once confirmed with a code. 409 factor_exists when a confirmed factor exists (remove it first).",
    response: { 200: TotpEnrolment, 409: V3ErrorBody },
    handler: async ({ caller }) => {
      if ((await factorOf(s.db, who(caller)))?.confirmed) throw new ApiError("factor_exists", "A second factor is enrolled already");
      const secret = newSecret();
      await startEnrolment(s.db, key, who(caller), secret);
      const uri = otpauthUri(caller.email, secret);
      return { secret, otpauthUri: uri, qrCode: await qrDataUrl(uri) };
    },
  });

  route(app, {
    method: "POST",
    url: `${P}/auth/factor/totp/confirm`,
    permission: "review:read",
    secondStep: true,
    tags,
    summary: "Confirm the TOTP enrolment with a code",
    description:
      "The factor counts from now; answers 10 single-use recovery codes, shown this once. A session limited to the enrolment (MFA obrigatório) becomes a full one and gets its pair in `tokens`. " +
      "400 invalid_code (counted: five wrong codes lock the second step for 15 minutes, 429 too_many_attempts); 409 no_factor when no enrolment was started. Records factor.enrolled.",
    body: ConfirmTotpBody,
    response: { 200: ConfirmTotpResult, 400: V3ErrorBody, 409: V3ErrorBody, 429: V3ErrorBody },
    handler: async ({ body, caller, request }) => {
      const factor = await factorOf(s.db, who(caller));
      if (!factor || factor.confirmed) throw new ApiError("no_factor", "No enrolment started: POST /auth/factor/totp first");
      const wait = await reserveCodeAttempt(s.db, caller.userId);
      if (wait > 0) throw tooMany(wait);
      const ok = await spendCode(s.db, key, who(caller), body.code, true).catch(async (error: unknown) => {
        await releaseCodeAttempt(s.db, caller.userId);
        throw error;
      });
      if (!ok) {
        await recordRefusal(
          s.db,
          { id: caller.userId, workspaceId: caller.workspaceId, email: caller.email },
          request.id,
          "invalid_code",
          "second_factor",
        );
        throw new ApiError("invalid_code", "Wrong code: check the authenticator app's clock");
      }
      await codeAttemptSucceeded(s.db, caller.userId);
      const enrolling = caller.secondFactor === "enrolment";
      const recoveryCodes = await s.db.transaction(async (tx) => {
        const codes = await newRecoveryCodes(tx, key, who(caller));
        const events = [callerEvent(caller, request, "factor.enrolled", { data: { kind: "totp" } })];
        if (enrolling && (await markAuthenticated(tx, caller, "totp", "enrolment")))
          events.push(
            callerEvent(caller, request, "session.started", {
              data: { sessionId: caller.sessionId, method: "password", secondFactor: "totp" },
            }),
          );
        await recordEvents(tx, events);
        return codes;
      });
      return { recoveryCodes, tokens: enrolling ? await fullPair(caller) : null };
    },
  });

  route(app, {
    method: "DELETE",
    url: `${P}/auth/factor`,
    permission: "review:read",
    freshAuth: true,
    tags,
    summary: "Remove one's own second factor (step-up)",
    description: "Removes the TOTP factor and its recovery codes. 409 no_factor when none is enrolled. Records factor.disabled.",
    status: 204,
    response: { 204: z.null(), 409: V3ErrorBody },
    handler: async ({ caller, request, reply }) => {
      await s.db.transaction(async (tx) => {
        if (!(await removeFactor(tx, who(caller)))) throw new ApiError("no_factor", "No second factor is enrolled");
        await recordEvent(tx, callerEvent(caller, request, "factor.disabled"));
      });
      return reply.status(204).send();
    },
  });

  route(app, {
    method: "POST",
    url: `${P}/auth/second-factor`,
    permission: "review:read",
    secondStep: true,
    tags,
    summary: "The sign-in's second step",
    description:
      "With the limited pair of a password sign-in (its session owes the code): `code` (TOTP) or `recoveryCode` (single use). Answers a full token pair of the same session. " +
      "400 invalid_code; five wrong codes lock the second step for 15 minutes (429 too_many_attempts, with Retry-After). 409 conflict when the session owes no code. Records session.started (with the method) or sign_in.refused.",
    body: SecondFactorBody,
    response: { 200: TokenPair, 400: V3ErrorBody, 409: V3ErrorBody, 429: V3ErrorBody },
    handler: async ({ body, caller, request }) => {
      // the session's state, not the token's claim: a limited token outlives the step it was limited to
      if ((await liveSession(s.db, caller))?.secondFactorDue !== "pending")
        throw new ApiError("conflict", "This session owes no second-factor code");
      const how = await checkSecondFactor(caller, request, body, "second_factor");
      await s.db.transaction(async (tx) => {
        if (!(await markAuthenticated(tx, caller, how, "pending")))
          throw new ApiError("conflict", "This session owes no second-factor code");
        const events = [
          callerEvent(caller, request, "session.started", { data: { sessionId: caller.sessionId, method: "password", secondFactor: how } }),
        ];
        if (how === "recovery_code")
          events.push(
            callerEvent(caller, request, "factor.recovery_code_used", { data: { left: await recoveryCodesLeft(tx, who(caller)) } }),
          );
        await recordEvents(tx, events);
      });
      return fullPair(caller);
    },
  });

  route(app, {
    method: "POST",
    url: `${P}/auth/step-up`,
    permission: "review:read",
    tags,
    summary: "Authenticate again for the step-up acts",
    description:
      "The password, and `code` or `recoveryCode` when the caller has a second factor. The session is then fresh for LUPA_STEP_UP_SECONDS (default 900): " +
      "revealing a full document, the CSV exports, changing settings, publishing or activating rules, managing API keys and factors (docs/security.md). " +
      "400 invalid_password or invalid_code (both counted by the sign-in throttles: 429 too_many_attempts). Records step_up, or sign_in.refused.",
    body: StepUpBody,
    response: { 200: StepUpResult, 400: V3ErrorBody, 429: V3ErrorBody },
    handler: async ({ body, caller, request }) => {
      const user = await findUserById(s.db, caller.workspaceId, caller.userId);
      if (!user || user.disabled) throw new ApiError("unauthorized", "Session ended");
      const wait = await reserveAttempt(s.db, user.email, request.ip);
      if (wait > 0) throw new ApiError("too_many_attempts", "Too many failed attempts; try again later", { "Retry-After": String(wait) });
      let ok: boolean;
      try {
        ok = await s.passwords.verify(body.password, user.passwordHash);
      } catch (error) {
        await releaseAttempt(s.db, user.email, request.ip);
        throw error;
      }
      if (!ok) {
        await recordRefusal(s.db, user, request.id, "invalid_password", "step_up");
        throw new ApiError("invalid_password", "Wrong password");
      }
      await attemptSucceeded(s.db, user.email, request.ip);
      let how = "password";
      if ((await factorOf(s.db, who(caller)))?.confirmed) {
        if (body.code === undefined && body.recoveryCode === undefined)
          throw new ApiError("invalid_code", "This account has a second factor: send code (or recoveryCode)");
        how = await checkSecondFactor(caller, request, body, "step_up");
      }
      const now = new Date();
      await s.db.transaction(async (tx) => {
        if (!(await markAuthenticated(tx, caller))) throw new ApiError("unauthorized", "Session ended");
        await recordEvent(tx, callerEvent(caller, request, "step_up", { data: { sessionId: caller.sessionId, method: how } }));
      });
      return { authenticatedAt: now.toISOString(), freshUntil: new Date(now.getTime() + s.config.stepUpSeconds * 1000).toISOString() };
    },
  });

  route(app, {
    method: "GET",
    url: `${P}/auth/factors`,
    permission: "review:admin",
    tags,
    summary: "Who has a second factor (admins)",
    description: "Every enabled person of the workspace, with whether a TOTP factor is enrolled.",
    response: { 200: MemberFactors },
    handler: async ({ caller }) => {
      const rows = await s.db
        .select({ userId: users.id, email: users.email, name: users.name, role: users.role, confirmedAt: userFactors.confirmedAt })
        .from(users)
        .leftJoin(userFactors, and(eq(userFactors.userId, users.id), eq(userFactors.workspaceId, users.workspaceId)))
        .where(and(eq(users.workspaceId, caller.workspaceId), eq(users.disabled, false)))
        .orderBy(asc(users.name), asc(users.email));
      return {
        members: rows.map((r) => ({ ...r, enrolled: r.confirmedAt !== null, confirmedAt: r.confirmedAt?.toISOString() ?? null })),
      };
    },
  });

  route(app, {
    method: "POST",
    url: `${P}/members/:userId/factor/reset`,
    permission: "review:admin",
    freshAuth: true,
    tags,
    summary: "Reset a person's second factor (admins, step-up)",
    description:
      "Removes the person's factor and recovery codes (a lost phone): their next sign-in asks for the password only, or for an enrolment when the workspace requires one. " +
      "404 not_found for another workspace's person; 409 no_factor when none is enrolled. Records factor.reset.",
    params: MemberIdParams,
    status: 204,
    response: { 204: z.null(), 404: V3ErrorBody, 409: V3ErrorBody },
    handler: async ({ params, caller, request, reply }) => {
      const target = await findUserById(s.db, caller.workspaceId, params.userId);
      if (!target) throw notFound("person");
      await s.db.transaction(async (tx) => {
        if (!(await removeFactor(tx, { userId: target.id, workspaceId: caller.workspaceId })))
          throw new ApiError("no_factor", "This person has no second factor");
        await recordEvent(tx, callerEvent(caller, request, "factor.reset", { data: { userId: target.id, email: target.email } }));
      });
      return reply.status(204).send();
    },
  });
}

/** How the caller can step up: the password unless the account has none (created by SSO), and SSO when bound to the workspace's. */
async function stepUpMethodsOf(db: Services["db"], caller: TokenClaims): Promise<("password" | "sso")[]> {
  const user = await findUserById(db, caller.workspaceId, caller.userId);
  const methods: ("password" | "sso")[] = [];
  if (user && user.passwordHash !== SSO_ONLY_PASSWORD) methods.push("password");
  if (await canStepUpWithSso(db, caller)) methods.push("sso");
  return methods;
}

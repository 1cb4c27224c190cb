import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { authenticate, logout } from "@/lib/api/authentication";
import { ApiError } from "@/lib/api/errors";
import { readAccessTokenClaims } from "@/lib/api/access-token-claims";
import { SESSION_MAX_AGE_SECONDS, toSessionTokens } from "./session-tokens";
import { SIGN_IN_ERRORS } from "./sign-in-errors";
import { DEMO_PASSWORD_REFUSED } from "@/lib/contract/demo";
import { PASSWORD_SIGN_IN_DISABLED } from "@/lib/contract/sso";

/** The browser request's X-Forwarded-For as the console received it (one value; Next.js sets it). */
function forwardedFor(headers: Record<string, unknown> | undefined): string | null {
  const value = headers?.["x-forwarded-for"];
  const text = Array.isArray(value) ? value.join(", ") : typeof value === "string" ? value : null;
  return text && /^[0-9A-Fa-f:., ]+$/.test(text) && text.length <= 512 ? text : null;
}

/** The browser's User-Agent (one printable line of at most 512 characters), for the session's device. */
function userAgentOf(headers: Record<string, unknown> | undefined): string | null {
  const value = headers?.["user-agent"];
  return typeof value === "string" && /^[\x20-\x7e]{1,512}$/.test(value) ? value : null;
}

// next-auth v4 configuration: Credentials sign-in against POST /api/v1/authentication.
// Tokens are kept in the encrypted JWT cookie; the session exposes only email, role, workspace.
// Refreshing happens in proxy.ts, where the cookie can be rewritten (see stack-notes.md).

export const authOptions: NextAuthOptions = {
  secret: process.env.NEXTAUTH_SECRET,
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
  pages: { signIn: "/login", error: "/login" },
  providers: [
    CredentialsProvider({
      name: "E-mail e senha",
      credentials: {
        email: { label: "E-mail", type: "email" },
        password: { label: "Senha", type: "password" },
      },
      async authorize(credentials, req) {
        const email = credentials?.email?.trim() ?? "";
        const password = credentials?.password ?? "";
        if (!email || !password) return null;
        try {
          const tokens = toSessionTokens(await authenticate(email, password, forwardedFor(req?.headers), userAgentOf(req?.headers)));
          const claims = readAccessTokenClaims(tokens.accessToken);
          return {
            id: claims.sub ?? email,
            ...tokens,
            email: tokens.user.email || email,
            role: tokens.user.role,
            workspaceId: tokens.user.workspaceId,
            secondFactor: tokens.user.secondFactor ?? null,
          };
        } catch (error) {
          // 401 (and 400, a malformed pair such as a too-short password) mean wrong credentials:
          // returning null makes next-auth answer "CredentialsSignin". The demo password refused from
          // beyond the service's machine gets its own words.
          if (error instanceof ApiError && error.status === 401 && error.message === DEMO_PASSWORD_REFUSED)
            throw new Error(SIGN_IN_ERRORS.demoPassword);
          if (error instanceof ApiError && error.status === 401 && error.message === PASSWORD_SIGN_IN_DISABLED)
            throw new Error(SIGN_IN_ERRORS.passwordDisabled);
          if (error instanceof ApiError && (error.status === 401 || error.status === 400)) return null;
          if (error instanceof ApiError && error.status === 429) throw new Error(SIGN_IN_ERRORS.rateLimited);
          throw new Error(SIGN_IN_ERRORS.unavailable);
        }
      },
    }),
  ],
  events: {
    // "Sair": the service ends the session's token family, so a copied cookie or refresh token is
    // worthless afterwards. next-auth awaits this before clearing the cookie; the tokens never
    // leave the server. A failure (service unreachable) still clears the cookie here.
    async signOut({ token }) {
      if (!token?.refreshToken) return;
      try {
        await logout(token.refreshToken);
      } catch (error) {
        console.error("Sign-out could not end the session on the service:", error instanceof Error ? error.message : "unknown error");
      }
    },
  },
  callbacks: {
    async jwt({ token, user }) {
      if (user) {
        return {
          sub: user.id,
          accessToken: user.accessToken,
          refreshToken: user.refreshToken,
          accessTokenExpires: user.accessTokenExpires,
          refreshTokenExpires: user.refreshTokenExpires,
          user: { email: user.email, role: user.role, workspaceId: user.workspaceId, secondFactor: user.secondFactor ?? null },
        };
      }
      return token;
    },
    async session({ session, token }) {
      return {
        expires: session.expires,
        user: {
          email: token.user?.email ?? "",
          role: token.user?.role ?? null,
          workspaceId: token.user?.workspaceId ?? null,
          secondFactor: token.user?.secondFactor ?? null,
        },
      };
    },
  },
};

import type { Role } from "@/lib/api/types";

type SecondFactorDue = "pending" | "enrolment";

// What next-auth keeps: the API tokens live only in the encrypted JWT cookie (JWT interface);
// the session object that reaches the browser carries the user's identity and nothing else.

declare module "next-auth" {
  interface Session {
    user: { email: string; role: Role | null; workspaceId: string | null; secondFactor?: SecondFactorDue | null };
  }

  interface User {
    id: string;
    email: string;
    role: Role | null;
    workspaceId: string | null;
    accessToken: string;
    refreshToken: string;
    accessTokenExpires: number;
    refreshTokenExpires: number;
    secondFactor?: SecondFactorDue | null;
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    accessToken?: string;
    refreshToken?: string;
    /** Milliseconds since the epoch. */
    accessTokenExpires?: number;
    /** Milliseconds since the epoch. */
    refreshTokenExpires?: number;
    /** secondFactor: what the API session still owes (issue 34); proxy.ts keeps such a session on /login/second-factor. */
    user?: { email: string; role: Role | null; workspaceId: string | null; secondFactor?: SecondFactorDue | null };
  }
}

import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/options";

// next-auth v4: sign-in, sign-out, CSRF and session routes under /api/auth/*.
const handler = NextAuth(authOptions);

export { handler as GET, handler as POST };

import { defineConfig } from "drizzle-kit";

// `npx drizzle-kit generate` writes a new numbered SQL migration into server/db/migrations/
// from the difference between server/db/schema.ts and the last snapshot. Review it like code.
export default defineConfig({
  dialect: "postgresql",
  schema: "./server/db/schema.ts",
  out: "./server/db/migrations",
});

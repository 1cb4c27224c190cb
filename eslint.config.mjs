import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["node_modules/", ".next/", ".lupa*/", "next-env.d.ts", "test-results/", "playwright-report/", "server/db/migrations/", ".scratch/", ".test-output/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-explicit-any": "warn",
    },
  },
  {
    files: ["server/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: ["**/app/*", "**/components/*", "@/app/*", "@/components/*"] }],
    },
  },
  {
    files: ["scripts/**/*.mjs", "bench/**/*.mjs", "*.mjs"],
    languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly", setTimeout: "readonly", clearTimeout: "readonly", fetch: "readonly", performance: "readonly", Buffer: "readonly" } },
  },
);

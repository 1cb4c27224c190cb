import js from "@eslint/js";
import tseslint from "typescript-eslint";

/** lib/contract/: relative imports inside it, zod and node: built-ins; nothing else. */
const contractOnly = (outside) => ({
  regex: `${outside}|^@/|^(?!\\.|zod$|node:)`,
  message: "lib/contract/ imports nothing outside itself (zod and node: built-ins aside).",
});

export default tseslint.config(
  {
    ignores: [
      "node_modules/",
      ".next/",
      ".lupa*/",
      "next-env.d.ts",
      "test-results/",
      "playwright-report/",
      "server/db/migrations/",
      ".scratch/",
      "dist/",
      ".test-output/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-explicit-any": "warn",
    },
  },
  // The layout (docs/architecture.md, "Contract and layout"): the console never imports the
  // service; the service takes from outside server/ only the contract; the contract imports
  // nothing outside itself but zod and Node's built-ins.
  {
    files: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "lib/**/*.{ts,tsx}", "proxy.ts"],
    ignores: ["lib/contract/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(\\.{1,2}/)+server(/|$)|^@/server(/|$)",
              message: "Console code never imports the service (server/); share through lib/contract/.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["server/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: "^@/(?!lib/contract(/|$))", message: "server/ imports only lib/contract/ from outside server/." },
            { regex: "(^|/)(app|components|e2e|test|bench|scripts)/", message: "server/ imports only lib/contract/ from outside server/." },
            { regex: "(^|/)lib/(?!contract(/|$))", message: "server/ imports only lib/contract/ from outside server/." },
            { regex: "^(\\.\\./)+proxy$", message: "server/ imports only lib/contract/ from outside server/." },
          ],
        },
      ],
    },
  },
  {
    files: ["lib/contract/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [contractOnly("^\\.\\./")] }] },
  },
  {
    files: ["lib/contract/*/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [contractOnly("^\\.\\./\\.\\./")] }] },
  },
  {
    files: ["scripts/**/*.mjs", "bench/**/*.mjs", "server/**/*.mjs", "*.mjs"],
    languageOptions: {
      globals: {
        process: "readonly",
        console: "readonly",
        URL: "readonly",
        setTimeout: "readonly",
        clearTimeout: "readonly",
        fetch: "readonly",
        performance: "readonly",
        Buffer: "readonly",
      },
    },
  },
);

import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import jsxA11y from "eslint-plugin-jsx-a11y";
import globals from "globals";

export default tseslint.config(
  { ignores: ["dist/**", "out/**", "node_modules/**", "coverage/**", "release/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    files: ["public-web/**/*.{ts,tsx}", "admin-desktop/renderer/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      // The rules of hooks and complete effect dependencies. The React Compiler's extra rules are left out:
      // the code is not written for the compiler.
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      ...jsxA11y.flatConfigs.recommended.rules,
      // A scrollable table or tab panel must be reachable by keyboard (axe's scrollable-region-focusable),
      // so a labelled region or tab panel may carry tabIndex 0.
      "jsx-a11y/no-noninteractive-tabindex": ["error", { tags: [], roles: ["region", "tabpanel"], allowExpressionValues: true }],
      // Key handling delegated to a container (roving focus in a tab list, Escape in a dialog) is the
      // ARIA practice; clicks on non-interactive elements stay forbidden.
      "jsx-a11y/no-noninteractive-element-interactions": ["error", { handlers: ["onClick", "onMouseDown", "onMouseUp", "onKeyPress", "onKeyUp"] }],
      "jsx-a11y/interactive-supports-focus": ["error", { tabbable: ["button", "checkbox", "link", "searchbox", "spinbutton", "switch", "textbox"] }],
    },
  },
  {
    // Rules that need the types: a promise nobody awaits loses its error (and on the server, a write's
    // failure), a promise handed where a plain callback is expected is never awaited by its caller, and an
    // assertion the compiler already knows hides the place a type later changes.
    files: ["shared/**/*.{ts,tsx}", "public-server/**/*.ts", "public-web/**/*.{ts,tsx}", "admin-desktop/**/*.{ts,tsx}"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
      "@typescript-eslint/no-unnecessary-type-assertion": "error",
    },
  },
  {
    // Tests read answers as untyped JSON and poke at their fields.
    files: ["tests/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // One door to the database: SQL lives in the query modules (named functions with typed results); only they,
    // the database layer, the large-write thread and the migrations run it.
    files: ["public-server/**/*.ts"],
    ignores: [
      "public-server/queries/**",
      "public-server/db.ts",
      "public-server/database/**",
      "public-server/writer/**",
      "public-server/migrations/**",
      // The backups and their checks, the server lock: they open their own connections to copies and side files.
      "public-server/operations/**",
    ],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.property.name=/^(query|prepare)$/]",
          message: "SQL goes in a named function of public-server/queries/<table>.ts (with its result's type); call that instead.",
        },
      ],
    },
  },
);

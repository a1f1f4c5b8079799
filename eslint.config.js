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
    // Tests read answers as untyped JSON and poke at their fields.
    files: ["tests/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
);

// ESLint's rules for the browser client (src/ecotone/web/static/js), run by scripts/test
// beside the type check (`tsc -p jsconfig.json`): the recommended rules, and a few more
// that catch real bugs in plain ES modules served as they are, with no build step.
import js from "@eslint/js";
import globals from "globals";

export default [
  // a library's own file, served as its package ships it (js/vendor/README.md)
  { ignores: ["src/ecotone/web/static/js/vendor/**"] },
  js.configs.recommended,
  {
    files: ["src/ecotone/web/static/js/**/*.js"],
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: "module",
      globals: { ...globals.browser },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "no-unused-vars": ["error", { args: "after-used", argsIgnorePattern: "^_", caughtErrors: "none" }],
      eqeqeq: ["error", "always"],
      "no-implicit-globals": "error",
      "prefer-const": "error",
      "no-var": "error",
      "no-shadow-restricted-names": "error",
      "no-self-compare": "error",
      "no-template-curly-in-string": "error",
      "no-unmodified-loop-condition": "error",
      "no-unreachable-loop": "error",
      "no-constructor-return": "error",
      "no-promise-executor-return": "error",
      "no-use-before-define": ["error", { functions: false, classes: false, variables: false }],
      "array-callback-return": "error",
      "no-return-assign": ["error", "except-parens"],
      "no-throw-literal": "error",
      "no-new-wrappers": "error",
      "no-eval": "error",
      "no-implied-eval": "error",
      "no-new-func": "error",
      "no-script-url": "error",
      "no-console": "error",
      radix: "error",
    },
  },
];

// Lint (decision 019): typescript-eslint with type information, React hooks, the import boundaries of the
// layout (docs/architecture.md, decision 018) and a rule of ours for client islands. Formatting is Prettier's.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { boundaries, plugin as tandem } from './eslint/tandem.js';

export default tseslint.config(
  { ignores: ['dist/', '.build-cache/', 'node_modules/', 'test-results/', 'playwright-report/', '.ci/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // The plain-JS tools (scripts, bench, configs) have no tsconfig of their own; a dozen files is fine.
        projectService: {
          allowDefaultProject: ['*.js', 'eslint/*.js', 'scripts/*.mjs', 'scripts/fixtures/*.mjs', 'bench/*.mjs', 'e2e/*.mjs'],
          maximumDefaultProjectFileMatchCount_THIS_WILL_SLOW_DOWN_LINTING: 40,
        },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node, ...globals.browser },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { tandem, 'react-hooks': reactHooks },
    rules: {
      'tandem/no-server-in-client': 'error',
      // The classic hooks rules. The React Compiler's rules (refs, set-state-in-effect) are left off: the
      // islands are not compiled by it, and their patterns (measuring the DOM, syncing to storage) are deliberate.
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // Control characters in patterns are on purpose: the guards against NUL bytes and control characters.
      'no-control-regex': 'off',
      'no-empty': ['error', { allowEmptyCatch: true }],
      // A value set before a try block that may replace it reads better than a definite-assignment dance.
      'no-useless-assignment': 'off',
      '@typescript-eslint/no-unused-expressions': ['error', { allowShortCircuit: true, allowTernary: true }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { args: 'after-used', argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      // Async functions without await are fine as route handlers and service methods (a uniform signature).
      '@typescript-eslint/require-await': 'off',
      // Template literals of numbers and unions are how messages and URLs are built.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true, allowNullish: false }],
    },
  },
  // Layers (docs/architecture.md, decision 018): one no-restricted-imports block per folder, from its real path.
  ...boundaries(),
  // Redirects to this site go through one function (localLocation) so that nothing a request carried can
  // come back as another host: Hono's c.redirect only in http/redirect.ts, Waku's only in render/redirect.ts.
  {
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    ignores: ['src/server/http/redirect.ts', 'src/server/render/redirect.ts', 'src/testing/**', '**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.type='MemberExpression'][callee.property.name='redirect'][callee.object.name='c']",
          message: 'Redirect with redirectLocal (src/server/http/redirect.ts): its Location cannot leave the site.',
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'waku/router/server',
              importNames: ['unstable_redirect'],
              message: 'Redirect with pageRedirect (src/server/render/redirect.ts): its Location cannot leave the site.',
            },
          ],
        },
      ],
    },
  },
  // Tests, scripts and the benchmark handle untyped JSON and fixtures freely.
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**', 'bench/**', 'scripts/**', 'src/testing/**'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/restrict-template-expressions': 'off',
      '@typescript-eslint/await-thenable': 'off',
      '@typescript-eslint/no-base-to-string': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  // The JavaScript files have no types (their values are `any`): the rules about any and inferred types would only
  // churn them. The promise rules (floating, misused) stay on: a script's unhandled rejection is a real bug.
  {
    files: ['**/*.js', '**/*.mjs'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-unary-minus': 'off',
      '@typescript-eslint/no-base-to-string': 'off',
      '@typescript-eslint/restrict-template-expressions': 'off',
      '@typescript-eslint/prefer-promise-reject-errors': 'off',
    },
  },
  prettier,
);

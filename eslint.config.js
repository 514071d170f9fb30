// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';

/** The architecture's dependency rules (ARCHITECTURE.md §2), enforced here rather than by convention. */
const serverOrDb = [
  { group: ['@etiqueta/server', '@etiqueta/server/*', '**/apps/server/**'], message: 'The web app never imports server code.' },
  { group: ['drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/*'], message: 'The web app never touches the database.' },
];

/**
 * Only repositories hold the database (ARCHITECTURE.md §2): services, routes and the rest of a module receive the
 * repositories services.ts builds once. The exceptions build repositories themselves: the photos' database store,
 * the personal-data tables' queries, and the parts of a sync run outside the app (a CLI, a test, a bench).
 */
const noDatabase = {
  group: ['**/db/client', '**/db/client.ts'],
  message: 'Only repositories receive the database: take a repository (built once in services.ts) instead.',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'var/**',
      'apps/server/drizzle/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      '**/*.config.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/only-throw-error': 'off',
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Vitest's asymmetric matchers (expect.any, objectContaining) and inject().json() are typed `any`.
    files: ['**/*.test.ts', '**/*.test.tsx', '**/test/**/*.ts', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // No import climbs back up: a file never reaches itself again through what it imports (server, domain,
    // contracts). Shared pieces move down to where both sides can import them, or are passed in.
    files: ['apps/server/**/*.ts', 'packages/**/*.ts', 'bench/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver()],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // Shared server code (lib, db) never imports a module: modules build on it, not the reverse.
    files: ['apps/server/src/lib/**/*.ts', 'apps/server/src/db/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/modules/*', '**/modules/**'], message: 'lib and db never import a module: move the shared piece down into lib or db, or pass it in.' }] },
      ],
    },
  },
  {
    // domain is pure: no imports from outside itself at all (node built-ins included).
    files: ['packages/domain/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!\\.{1,2}/)', message: 'domain imports nothing outside itself.' }] },
      ],
    },
  },
  {
    files: ['packages/contracts/src/**/*.ts'],
    ignores: ['packages/contracts/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(?!\\.{1,2}/|zod(/|$)|@etiqueta/domain$)', message: 'contracts imports only zod and domain.' },
          ],
        },
      ],
      // The domain's names have one import path: contracts builds schemas over them, never passes them on.
      'no-restricted-syntax': [
        'error',
        {
          selector: "ExportNamedDeclaration[source.value='@etiqueta/domain'], ExportAllDeclaration[source.value='@etiqueta/domain']",
          message: 'contracts does not re-export the domain: its readers import @etiqueta/domain themselves.',
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: serverOrDb }],
    },
  },
  {
    // features do not import each other: shared pieces move down to components/ or lib/.
    files: ['apps/web/src/features/*/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...serverOrDb,
            { group: ['@/features/*', '../../features/*', '../../../features/*'], message: 'Features do not import other features; compose them in app/routes.' },
            { group: ['@/app/*', '@/app'], message: 'Features do not import the app layer.' },
          ],
        },
      ],
    },
  },
  {
    // lib/ and components/ serve every feature, so they never reach up into one (nor into the app layer).
    files: ['apps/web/src/lib/**/*.{ts,tsx}', 'apps/web/src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...serverOrDb,
            { group: ['@/features', '@/features/*', '**/features/*'], message: 'lib/ and components/ never import a feature: move the shared piece down, or pass it in.' },
            { group: ['@/app', '@/app/*', '**/app/*'], message: 'lib/ and components/ never import the app layer.' },
          ],
        },
      ],
    },
  },
  {
    // routes never touch the database: they call services.
    files: ['apps/server/src/modules/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['drizzle-orm', 'drizzle-orm/*', '**/db/*', '**/*.repository', '**/*.repository.ts'], message: 'Routes call services; only repositories touch the database.' }] },
      ],
    },
  },
  {
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: [
      'apps/server/src/modules/**/*.test.ts',
      'apps/server/src/modules/**/*.repository.ts',
      'apps/server/src/modules/contributions/photo-store.ts',
      'apps/server/src/modules/account/personal-table.ts',
      'apps/server/src/modules/sync/sync-parts.ts',
      'apps/server/src/modules/sync/import-file.ts',
    ],
    rules: { 'no-restricted-imports': ['error', { patterns: [noDatabase] }] },
  },
  {
    // services reach the database only through repositories: no query builder, no tables.
    files: ['apps/server/src/modules/**/*.service.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['drizzle-orm', 'drizzle-orm/*'], message: 'Services call repositories; only repositories use Drizzle.' },
            { group: ['**/db/schema', '**/db/schema.ts'], allowTypeImports: true, message: 'Services call repositories; only repositories read tables.' },
            noDatabase,
          ],
        },
      ],
    },
  },
);

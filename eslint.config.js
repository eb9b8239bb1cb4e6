import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import tseslint from 'typescript-eslint';

const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      'apps/server/drizzle/**',
      '.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        console: 'readonly',
        process: 'readonly',
        window: 'readonly',
        document: 'readonly',
        navigator: 'readonly',
        fetch: 'readonly',
        URL: 'readonly',
        crypto: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        Buffer: 'readonly',
      },
    },
    plugins: { import: importPlugin },
    settings: {
      // Resolves extensionless and package imports the way TypeScript does, so the zones below
      // see `../../app/router` as apps/web/src/app/router.tsx.
      'import/resolver': {
        typescript: {
          noWarnOnMultipleProjects: true,
          project: [
            'apps/server/tsconfig.json',
            'apps/web/tsconfig.json',
            'packages/domain/tsconfig.json',
          ],
        },
      },
    },
    rules: {
      // An import that resolves nowhere would slip past every zone.
      'import/no-unresolved': ['error', { ignore: ['^virtual:', '\\?(url|raw|worker)$'] }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-undef': 'off',
      // Imports flow one way: domain <- server, web; inside web: components, lib <- features <- app.
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './packages/domain',
              from: './apps',
              message: 'The domain package depends on zod only.',
            },
            {
              target: './apps/server',
              from: './apps/web',
              message: 'The server does not import the web app.',
            },
            {
              target: './apps/web',
              from: './apps/server',
              message: 'The web app talks to the server over HTTP only.',
            },
            {
              target: './apps/web/src/features',
              from: './apps/web/src/app',
              message: 'Features do not import the app layer.',
            },
            ...webFeatures.map((feature) => ({
              target: `./apps/web/src/features/${feature}`,
              from: './apps/web/src/features',
              except: [`./${feature}`],
              message:
                'A feature does not import another feature: move what both need to components/ or lib/.',
            })),
            {
              target: './apps/server/src/plugins',
              from: './apps/server/src/modules',
              message: 'Plugins do not import modules: a module hands a plugin what it needs.',
            },
            {
              target: ['./apps/web/src/components', './apps/web/src/lib'],
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message: 'Shared components and lib do not import features or the app layer.',
            },
          ],
        },
      ],
    },
  },
  {
    // Browser journeys reach the server over HTTP like the app, but may run the server's test
    // doubles (its local Web Push service) beside it: apps/server/test and nothing else.
    files: ['apps/web/e2e/**/*.ts'],
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './apps/web/e2e',
              from: './apps/server',
              except: ['./test'],
              message: 'Journeys talk to the server over HTTP; they may use apps/server/test only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/domain/src/**/*.ts'],
    ignores: ['packages/domain/src/**/*.test.ts', 'packages/domain/src/testing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!zod$|zod/|\\.)',
              message: 'The domain package imports zod only.',
            },
          ],
        },
      ],
    },
  },
  {
    // Only repositories talk to the database: other server code reaches data through them.
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/**/*.repository.ts',
      'apps/server/src/**/*.test.ts',
      'apps/server/src/**/*.test-kit.ts',
      'apps/server/src/**/*.test-support.ts',
      'apps/server/src/db/**',
      'apps/server/src/server.ts',
      'apps/server/src/rotate-keys.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*'],
              message: 'Only repositories (*.repository.ts) query the database.',
            },
            {
              regex: '/db/(client|schema)',
              allowTypeImports: true,
              message: 'Only repositories (*.repository.ts) use the database client and tables.',
            },
          ],
        },
      ],
    },
  },
);

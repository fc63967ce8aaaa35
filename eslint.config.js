// Lint holds the layers: renderer -> shared <- electron. The renderer and the
// main process never import each other; shared imports neither, and nothing
// from Node; only the three shell files import 'electron'.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const nodeBuiltins = ['node:*', 'fs', 'path', 'os', 'child_process', 'crypto', 'http', 'https', 'net', 'stream', 'url', 'util', 'events', 'buffer'];

export default tseslint.config(
  { ignores: ['out/**', 'out-*/**', 'dist/**', 'release/**', 'node_modules/**', 'test-results/**', '.tools/**', 'bench/.peer/**', 'coverage/**',
    // The risk corpus is data: attack skills written to be read by the rules, never run or linted as code.
    'test/fixtures/risk-corpus/skills/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      // Contract parts start empty and are filled by their feature.
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'always' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      'no-restricted-imports': ['error', { paths: [{ name: 'electron', message: "Only electron/main.ts, electron/preload.ts and electron/ipc.ts may import 'electron'." }] }],
    },
  },
  {
    // Type-aware rules need the TypeScript program: TS sources only.
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: { '@typescript-eslint/no-floating-promises': 'error' },
  },
  {
    files: ['electron/main.ts', 'electron/preload.ts', 'electron/ipc.ts', '**/*.test.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['electron/**/*.ts'],
    ignores: ['electron/main.ts', 'electron/preload.ts', 'electron/ipc.ts', 'electron/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: "Only electron/main.ts, electron/preload.ts and electron/ipc.ts may import 'electron'." }],
          patterns: [{ group: ['**/renderer/**', '**/renderer'], message: 'The main process never imports the renderer.' }],
        },
      ],
    },
  },
  {
    files: ['renderer/**/*.ts', 'renderer/**/*.tsx'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'The renderer has no Electron: it talks only to src/api.ts.' }],
          patterns: [
            { group: ['**/electron/**', '**/electron'], message: 'The renderer never imports the main process; use the contract in shared/api.ts.' },
            { group: nodeBuiltins, message: 'The renderer has no Node.' },
          ],
        },
      ],
    },
  },
  {
    // A toast's title and message are plain strings, often a server's words: only showToast (state/toast.ts) writes
    // their invisible characters as markers, so no other file may show one itself or import what would.
    files: ['renderer/**/*.ts', 'renderer/**/*.tsx'],
    ignores: ['renderer/src/state/toast.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.object.name='notifications'][callee.property.name='show']", message: 'Show toasts with showToast (renderer/src/state/toast.ts): it marks invisible characters in a server’s words.' },
        { selector: "ImportDeclaration[source.value='@mantine/notifications'] > ImportSpecifier[imported.name='notifications']", message: 'Show toasts with showToast (renderer/src/state/toast.ts): it marks invisible characters in a server’s words.' },
      ],
    },
  },
  {
    files: ['shared/**/*.ts'],
    ignores: ['shared/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'shared/ imports neither side.' }],
          patterns: [
            { group: ['**/electron/**', '**/renderer/**', '**/electron', '**/renderer'], message: 'shared/ imports neither the renderer nor the main process.' },
            { group: nodeBuiltins, message: 'shared/ runs on both sides: no Node APIs.' },
          ],
        },
      ],
    },
  },
);

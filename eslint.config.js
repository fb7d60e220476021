import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'data/**', 'web/dist/**', 'test-artifacts/**', 'coverage/**', '.tmp/**', 'test/architecture/fixtures/**', 'packages/*/dist/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-syntax': ['error', { selector: 'TSEnumDeclaration', message: 'Use a string-literal union instead of enum (DESIGN style 8).' }],
      'no-console': 'error',
    },
  },
  {
    files: ['bin/**', 'bench/**', 'scripts/**', 'test/**', '**/*.test.ts', 'src/cli/**', 'src/jobs/testing/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // The SDK is published on its own (eventline-sdk): importing the server or
    // any package would pull it into every client's install.
    files: ['packages/sdk/src/**'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ regex: '^(?!\\./)', message: 'packages/sdk imports only its own files (./...).' }],
      }],
    },
  },
);

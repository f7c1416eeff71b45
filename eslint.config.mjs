import nx from '@nx/eslint-plugin';

const allow = (sourceTag, ...onlyDependOnLibsWithTags) => ({ sourceTag, onlyDependOnLibsWithTags });

export default [
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  {
    ignores: ['**/dist', '**/node_modules', '.data/**', 'tools/**', 'scripts/**', 'coverage/**'],
  },
  {
    files: ['**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints: [
            // Apps are deployables: nothing imports an app, and one service never imports another.
            allow('type:app', 'type:contracts', 'type:util', 'type:infra', 'type:testing'),
            allow('scope:gateway', 'scope:gateway', 'scope:shared'),
            allow('scope:quote', 'scope:quote', 'scope:shared'),
            allow('scope:delivery', 'scope:delivery', 'scope:shared'),
            allow('scope:payment', 'scope:payment', 'scope:shared'),
            allow('scope:webhook', 'scope:webhook', 'scope:shared'),
            allow('scope:shared', 'scope:shared'),
            // Contracts are the wire format: they depend on nothing of ours.
            allow('type:contracts'),
            allow('type:util', 'type:contracts', 'type:util'),
            allow('type:infra', 'type:contracts', 'type:util', 'type:infra'),
            allow('type:testing', 'type:contracts', 'type:util', 'type:infra'),
          ],
        },
      ],
    },
  },
];

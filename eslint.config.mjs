import nx from '@nx/eslint-plugin';

const allow = (sourceTag, ...onlyDependOnLibsWithTags) => ({ sourceTag, onlyDependOnLibsWithTags });

function boundaries({ tests }) {
  const testing = tests ? ['type:testing'] : [];
  return [
    'error',
    {
      enforceBuildableLibDependency: false,
      allow: [],
      depConstraints: [
        // Apps are deployables: nothing imports an app, and one service never imports another.
        allow('type:app', 'type:contracts', 'type:util', 'type:infra', ...testing),
        allow('scope:gateway', 'scope:gateway', 'scope:shared'),
        allow('scope:quote', 'scope:quote', 'scope:shared'),
        allow('scope:delivery', 'scope:delivery', 'scope:shared'),
        allow('scope:payment', 'scope:payment', 'scope:shared'),
        allow('scope:webhook', 'scope:webhook', 'scope:shared'),
        allow('scope:shared', 'scope:shared'),
        // Contracts are the wire format: they depend on nothing of ours.
        allow('type:contracts'),
        allow('type:util', 'type:contracts', 'type:util', ...testing),
        allow('type:infra', 'type:contracts', 'type:util', 'type:infra', ...testing),
        allow('type:testing', 'type:contracts', 'type:util', 'type:infra'),
      ],
    },
  ];
}

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
      '@nx/enforce-module-boundaries': boundaries({ tests: false }),
    },
  },
  {
    // Tests of any project may use the testing helpers; production code never does.
    files: ['**/*.spec.ts', '**/*.e2e-spec.ts', '**/test/**/*.ts'],
    rules: {
      '@nx/enforce-module-boundaries': boundaries({ tests: true }),
    },
  },
];

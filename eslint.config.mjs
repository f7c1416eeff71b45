import nx from '@nx/eslint-plugin';

const allow = (sourceTag, ...onlyDependOnLibsWithTags) => ({ sourceTag, onlyDependOnLibsWithTags });

function boundaries({ tests, allow: allowed = [] }) {
  const testing = tests ? ['type:testing'] : [];
  return [
    'error',
    {
      enforceBuildableLibDependency: false,
      allow: allowed,
      depConstraints: [
        // Apps are deployables: nothing imports an app, and one service never imports another.
        allow('type:app', 'type:contracts', 'type:util', 'type:infra', 'type:web', ...testing),
        allow('scope:gateway', 'scope:gateway', 'scope:shared'),
        allow('scope:quote', 'scope:quote', 'scope:shared'),
        allow('scope:delivery', 'scope:delivery', 'scope:shared'),
        allow('scope:payment', 'scope:payment', 'scope:shared'),
        allow('scope:webhook', 'scope:webhook', 'scope:shared'),
        // The sameday CLI talks to the API through the SDK only: the shared libraries (signing, backoff), no service's code.
        allow('scope:cli', 'scope:cli', 'scope:shared'),
        allow('type:cli', 'type:contracts', 'type:util', 'type:sdk', ...testing),
        allow('scope:shared', 'scope:shared'),
        // The web apps' shared library runs in the browser: none of the services' libraries, and no service imports it.
        allow('type:web', 'type:web'),
        // The SDK is published alone: it depends on nothing of ours; its tests hold it to libs/signing's signer.
        allow('type:sdk', ...(tests ? ['type:util'] : [])),
        // Contracts are the wire format: they depend on nothing of ours.
        allow('type:contracts'),
        allow('type:util', 'type:contracts', 'type:util', ...testing),
        allow('type:infra', 'type:contracts', 'type:util', 'type:infra', ...testing),
        // The test helpers call the API as a merchant would, set-up creations through the SDK.
        allow('type:testing', 'type:contracts', 'type:util', 'type:infra', 'type:tooling', 'type:sdk'),
        // Benches and the dev scripts stand outside the services and may use any library.
        allow('type:bench', 'type:contracts', 'type:util', 'type:infra', 'type:testing', 'type:tooling'),
        allow('type:tooling', 'type:tooling'),
        // System tests drive the running apps from outside, through HTTP and the libraries' helpers.
        allow('type:e2e', 'type:contracts', 'type:util', 'type:infra', 'type:testing', 'type:tooling', 'type:sdk'),
      ],
    },
  ];
}

export default [
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  ...nx.configs['flat/javascript'],
  {
    // The SDK's schema.d.ts is generated from the OpenAPI document (tools/dashboard/build.js).
    ignores: ['**/dist', '**/node_modules', '.data/**', 'coverage/**', 'libs/sdk/src/schema.d.ts'],
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
    // tools/ and scripts/ stay plain CommonJS: `npm start` and `npm test` run them with node before anything is built.
    files: ['**/*.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: {
      '@typescript-eslint/no-require-imports': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@nx/enforce-module-boundaries': boundaries({ tests: false }),
    },
  },
  {
    // No build step and no path alias for plain JS: the scripts reach tools/infra by its path.
    files: ['scripts/**/*.js'],
    rules: {
      '@nx/enforce-module-boundaries': boundaries({ tests: false, allow: ['../tools/infra'] }),
    },
  },
  {
    // The monolith anchor prices with quote-service's own geocoder and pricing, so both sides of the bench do the same work (bench/README.md).
    files: ['bench/monolith/**/*.ts'],
    rules: {
      '@nx/enforce-module-boundaries': boundaries({ tests: false, allow: ['../../apps/quote-service/src/**'] }),
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

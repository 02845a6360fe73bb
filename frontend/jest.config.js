// Dependencies of msw 2 that ship ES modules only; @swc/jest compiles them to CommonJS.
const ESM_PACKAGES = ['@open-draft/deferred-promise', 'rettime', 'until-async'];

/** @type {import('jest').Config} */
export default {
  // jest-fixed-jsdom restores fetch, Request, Response and friends in jsdom.
  testEnvironment: 'jest-fixed-jsdom',
  testEnvironmentOptions: { url: 'http://localhost/' },
  roots: ['<rootDir>/src'],
  setupFilesAfterEnv: ['<rootDir>/src/test/setup.ts'],
  moduleNameMapper: {
    '^@/(.*)$': '<rootDir>/src/$1',
    '\\.css$': '<rootDir>/src/test/style-stub.js',
  },
  // Nothing else in node_modules is compiled (msw itself ships CommonJS).
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_PACKAGES.join('|')})/)`],
  transform: {
    '^.+\\.(t|j|mj)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
        },
        module: { type: 'commonjs' },
      },
    ],
  },
};

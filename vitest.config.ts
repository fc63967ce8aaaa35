import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['electron/**/*.test.ts', 'shared/**/*.test.ts', 'renderer/src/**/*.test.ts', 'test/**/*.test.ts', 'e2e/**/*.test.ts', 'bench/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Integration and e2e files start real processes and browsers; two at a time suits a 2-core machine.
    maxWorkers: 2,
    fileParallelism: true,
  },
});

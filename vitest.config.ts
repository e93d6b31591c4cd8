import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One runner for every workspace.
export default defineConfig({
  test: {
    projects: ['packages/contracts', 'packages/domain', 'apps/server/vitest.config.ts', 'apps/web'],
    // Vitest's default in a run is one worker fewer than the cores: a single worker on the 2-core CI
    // machine, where the API files spend much of their time waiting on PostgreSQL.
    maxWorkers: availableParallelism(),
  },
});

import { defineConfig } from 'vitest/config';

// One runner for every workspace; each project has its own vitest.config.ts.
export default defineConfig({
  test: {
    projects: ['packages/contracts', 'apps/server', 'apps/web'],
  },
});

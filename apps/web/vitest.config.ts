import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    restoreMocks: true,
    unstubGlobals: true,
    // jsdom + Mantine renders are CPU-bound: on a loaded 2-core machine a form test can pass 5 s.
    testTimeout: 20_000,
    // The files share one module registry per worker: importing Mantine, React and jsdom's globals
    // once instead of per file takes the project from 132 s to 41 s here. What a file could leave
    // behind is reset after every test (src/test/setup.ts); the files pass in shuffled orders
    // (`--sequence.shuffle --sequence.seed=N`).
    isolate: false,
  },
});

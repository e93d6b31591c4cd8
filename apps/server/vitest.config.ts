import { defineConfig } from 'vitest/config';
import { serverProject } from './vitest.shared.ts';

export default defineConfig(serverProject(false));

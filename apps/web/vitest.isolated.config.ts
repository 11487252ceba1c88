import { defineConfig } from 'vitest/config';
import { ISOLATED_WEB_TESTS, webTestConfig } from './vitest.config.ts';

/** The web files that replace a module or a global, each in its own worker state (vitest.config.ts). */
export default defineConfig({
  ...webTestConfig,
  test: { ...webTestConfig.test, name: 'web-isolated', include: ISOLATED_WEB_TESTS },
});

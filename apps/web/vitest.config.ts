import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * The web files that replace a module (`vi.mock`), reload modules (`vi.resetModules`), assign a
 * property of `window`, or whose screens read module-level state another file leaves behind
 * (navigation, the matches page: they failed in a shuffled shared run): each runs in a worker
 * state of its own (project `web-isolated`, vitest.isolated.config.ts). Every other web file
 * shares its worker's document and modules (`isolate: false`): a fresh jsdom and module graph per
 * file cost most of the web tests' CPU time. Stubbed globals and environment variables are
 * restored after each test (`unstubGlobals`, `unstubEnvs`). build/web-isolation.test.ts fails when
 * a file that replaces a module or a property of `window` is missing here.
 */
export const ISOLATED_WEB_TESTS = [
  'src/app/navigation.test.tsx',
  'src/features/auth/components/club-switcher.test.tsx',
  'src/features/contact/components/contact-form.test.tsx',
  'src/features/matches/components/matches-page.test.tsx',
  'src/features/settings/components/settings-page.test.tsx',
  'src/lib/session-prefetch.test.ts',
];

export const webTestConfig = {
  plugins: [react()],
  test: {
    environment: 'jsdom' as const,
    setupFiles: ['./src/test/setup.ts'],
    passWithNoTests: true,
    unstubGlobals: true,
    unstubEnvs: true,
  },
};

export default defineConfig({
  ...webTestConfig,
  test: {
    ...webTestConfig.test,
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    exclude: ISOLATED_WEB_TESTS,
    isolate: false,
  },
});

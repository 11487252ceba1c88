import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Testing Library unmounts after each test only where `afterEach` is a global (it is not here):
// without this, a file's screens would stay in the document of the next file that shares the
// worker (vitest.config.ts: the web files share their worker's document and modules).
afterEach(() => cleanup());

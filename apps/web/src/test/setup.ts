import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { setPublicConfigForTests } from '../config/public-config.ts';
import { clearCookies } from './cookies.ts';
import { testPublicConfig } from './test-public-config.ts';
import { installMatchMedia, resetViewport } from './viewport.ts';

// findBy*/waitFor wait up to 10 s (default 1 s): the first render of a lazy route chunk is transformed
// on demand, over a second on a busy 2-core machine and 5.4 s once under the whole suite. A wait, not
// a retry: it passes as soon as the element appears.
configure({ asyncUtilTimeout: 10_000 });
installMatchMedia();
window.scrollTo = () => {};
// jsdom has no layout; the tooltip's positioning library only needs the API to exist.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

beforeEach(() => {
  setPublicConfigForTests(testPublicConfig);
  resetViewport();
});

afterEach(() => {
  cleanup();
  clearCookies();
});

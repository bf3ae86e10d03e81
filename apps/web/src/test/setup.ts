import { installPlainValidationMessages } from '@ember/contracts/plain-validation-messages';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { setPublicConfigForTests } from '../config/public-config.ts';
import { clearCookies } from './cookies.ts';
import { testPublicConfig } from './test-public-config.ts';
import { installMatchMedia, resetViewport } from './viewport.ts';

installPlainValidationMessages();
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

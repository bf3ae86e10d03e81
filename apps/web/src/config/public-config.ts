import { type PublicConfig, parsePublicConfig } from '@ember/contracts/public-config';
import { defaultPublicConfig } from './default-public-config.ts';

/** The element the server fills with the public config JSON at serve time. */
export const APP_CONFIG_ELEMENT_ID = 'app-config';
/** What the element holds when nobody replaced it (a bare `vite build` output). */
export const APP_CONFIG_PLACEHOLDER = '<!--APP_CONFIG-->';

let loadedConfig: PublicConfig | undefined;

function readEmbeddedConfig(doc: Document): PublicConfig {
  const raw = doc.getElementById(APP_CONFIG_ELEMENT_ID)?.textContent?.trim() ?? '';
  if (raw === '' || raw === APP_CONFIG_PLACEHOLDER) {
    console.warn(
      `No runtime config in <script id="${APP_CONFIG_ELEMENT_ID}">; using the built-in defaults of default-public-config.ts.`,
    );
    return defaultPublicConfig;
  }
  return parsePublicConfig(JSON.parse(raw));
}

/** Reads and validates the embedded config. Called once, at boot, by main.tsx. */
export function loadPublicConfig(doc: Document = document): PublicConfig {
  loadedConfig = readEmbeddedConfig(doc);
  return loadedConfig;
}

/**
 * The config loaded at boot, for the browser's code outside React (the API client, the bootstrap
 * download). Components read it from context (`usePublicConfig`, app-environment.ts): the server's
 * renderer gives it there and never loads it here.
 */
export function getPublicConfig(): PublicConfig {
  if (!loadedConfig) throw new Error('Public config read before loadPublicConfig() ran at boot.');
  return loadedConfig;
}

/** Unit tests only: install a config without an index.html. */
export function setPublicConfigForTests(config: PublicConfig): void {
  loadedConfig = config;
}

import type { PublicConfig } from '@ember/contracts/public-config';
import { createContext, useContext } from 'react';

/**
 * What the app's rendering depends on besides its address and data: the server's public config and
 * the language numbers and dates are written in (decision 0039). It travels in React context from
 * the root: main.tsx gives the config it read from index.html, the server's renderer
 * (entry-server.tsx) the one it was handed with the page (decision 0046), so no module holds it.
 */
export interface AppEnvironment {
  config: PublicConfig;
  locale: string;
}

export const AppEnvironmentContext = createContext<AppEnvironment | null>(null);

/** The public config (brand, API bases, links) of the app this component is rendered in. */
export function usePublicConfig(): PublicConfig {
  const environment = useContext(AppEnvironmentContext);
  if (!environment) throw new Error('usePublicConfig() outside the app: no AppEnvironmentContext above it.');
  return environment.config;
}

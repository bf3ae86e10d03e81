import { fileURLToPath } from 'node:url';
import { resolveConfig } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';

// `npm start` builds the web app in whatever environment the shell has; `.env.example` suggests
// NODE_ENV=development for the server. The bundle must be the production one regardless.

const CONFIG_FILE = fileURLToPath(new URL('./vite.config.ts', import.meta.url));
const nodeEnvBefore = process.env.NODE_ENV;

afterEach(() => {
  process.env.NODE_ENV = nodeEnvBefore;
});

describe('vite build', () => {
  it.each(['development', 'test', 'production'])(
    'makes a production bundle when NODE_ENV is %s',
    async (nodeEnv) => {
      process.env.NODE_ENV = nodeEnv;
      const config = await resolveConfig({ configFile: CONFIG_FILE, logLevel: 'silent' }, 'build');
      expect(config.isProduction).toBe(true);
      expect(process.env.NODE_ENV).toBe('production');
    },
  );
});

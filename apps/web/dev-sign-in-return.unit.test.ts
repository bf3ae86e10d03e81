import { describe, expect, it } from 'vitest';
import { signInReturnWarning } from './dev/sign-in-return.ts';

const authorizeTo = (redirectUri: string) =>
  `http://localhost:3000/fake-discord/oauth2/authorize?response_type=code&redirect_uri=${encodeURIComponent(redirectUri)}&state=x`;

describe('npm run dev:web: where sign-in returns', () => {
  it('warns, naming the fix, when the API sends sign-in back to itself instead of the dev server', () => {
    expect(signInReturnWarning(authorizeTo('http://localhost:3000/oauth2'), 'http://localhost:5173/')).toBe(
      'Sign-in will return to http://localhost:3000/oauth2, not to this dev server. Start the API with ' +
        'PUBLIC_URL=http://localhost:5173 (in .env or the shell: PUBLIC_URL=http://localhost:5173 npm run dev).',
    );
  });

  it('is quiet when PUBLIC_URL is the dev server', () => {
    expect(
      signInReturnWarning(authorizeTo('http://localhost:5173/oauth2'), 'http://localhost:5173/'),
    ).toBeNull();
  });

  it('is quiet when the API is not running', () => {
    expect(signInReturnWarning(null, 'http://localhost:5173/')).toBeNull();
  });
});

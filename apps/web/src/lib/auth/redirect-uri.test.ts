import { describe, expect, it } from 'vitest';
import { setCookies } from '../../test/cookies.ts';
import { readCookie } from '../cookies.ts';
import {
  REDIRECT_URI_COOKIE,
  rememberSignInOrigin,
  saveRedirectUri,
  takeRedirectUri,
  toRedirectTarget,
} from './redirect-uri.ts';

describe('toRedirectTarget', () => {
  it.each(['/vip', '/products/credits?amount=5', '/developer/plan/4#prices', '/'])('accepts %s', (path) => {
    expect(toRedirectTarget(path)).toBe(path);
  });

  it.each([
    'https://evil.example/',
    '//evil.example/steal',
    '/\\evil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
    'vip',
    '',
    null,
    undefined,
  ])('refuses %j (no open redirect)', (raw) => {
    expect(toRedirectTarget(raw)).toBeNull();
  });

  it('refuses the sign-in pages themselves', () => {
    expect(toRedirectTarget('/oauth2?code=x')).toBeNull();
    expect(toRedirectTarget('/token')).toBeNull();
    expect(toRedirectTarget('/loading?redirect=/vip')).toBeNull();
  });
});

describe('the redirectUri cookie', () => {
  it('is read once', () => {
    saveRedirectUri('/vip');
    expect(readCookie(REDIRECT_URI_COOKIE)).toBe('/vip');
    expect(takeRedirectUri()).toBe('/vip');
    expect(takeRedirectUri()).toBeNull();
  });

  it('is validated again when read (the cookie is user-controlled)', () => {
    setCookies({ [REDIRECT_URI_COOKIE]: 'https://evil.example/' });
    expect(takeRedirectUri()).toBeNull();
  });

  it('never stores an unsafe path', () => {
    saveRedirectUri('//evil.example');
    expect(readCookie(REDIRECT_URI_COOKIE)).toBeNull();
  });

  it('remembers the page where Log in was clicked, but keeps an earlier intent when that page is /', () => {
    rememberSignInOrigin('/faq');
    expect(readCookie(REDIRECT_URI_COOKIE)).toBe('/faq');
    saveRedirectUri('/vip');
    rememberSignInOrigin('/');
    expect(readCookie(REDIRECT_URI_COOKIE)).toBe('/vip');
  });
});

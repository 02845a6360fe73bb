import { loginPath, safeRedirect } from './paths';

describe('safeRedirect', () => {
  it.each([
    ['/profile', '/profile'],
    ['/profile/cart/abc?x=1#top', '/profile/cart/abc?x=1#top'],
    ['/admin', '/admin'],
  ])('keeps the same-origin path %s', (value, expected) => {
    expect(safeRedirect(value)).toBe(expected);
  });

  it.each([null, undefined, '', 'profile', '//evil.example/x', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)'])(
    'refuses %p',
    (value) => {
      expect(safeRedirect(value)).toBeNull();
    },
  );

  it('builds the sign-in address with a redirect value', () => {
    expect(loginPath('/profile?a=1')).toBe('/user/login?redirect=%2Fprofile%3Fa%3D1');
    expect(loginPath('//evil.example')).toBe('/user/login');
    expect(loginPath(null)).toBe('/user/login');
  });
});

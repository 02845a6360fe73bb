import { MAX_PASSWORD_LEN, tooLong, utf8Length } from './limits';

describe('the server limits', () => {
  it.each([
    ['', 0],
    ['abc', 3],
    ['é', 2],
    ['€', 3],
    ['🎆', 4],
    ['Aa1#é', 6],
  ])('counts %p as %p UTF-8 bytes, as the server counts a password', (text, bytes) => {
    expect(utf8Length(text)).toBe(bytes);
  });

  it('says what is too long and its limit', () => {
    expect(tooLong('Password', MAX_PASSWORD_LEN)).toBe('Password must be at most 128 characters');
  });
});

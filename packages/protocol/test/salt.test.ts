import { describe, expect, it } from 'vitest';
import { SALT_LENGTH, generateSalt, isValidSalt } from '../src/salt.ts';

describe('salt', () => {
  it('is 16 letters from A–Z a–z', () => {
    for (let i = 0; i < 100; i++) expect(generateSalt()).toMatch(/^[A-Za-z]{16}$/);
    expect(SALT_LENGTH).toBe(16);
  });

  it('is distinct across 1000 draws', () => {
    const salts = new Set(Array.from({ length: 1000 }, generateSalt));
    expect(salts.size).toBe(1000);
  });

  it('draws every letter, both cases, in 1000 salts', () => {
    const letters = new Set(Array.from({ length: 1000 }, generateSalt).join(''));
    expect(letters.size).toBe(52);
  });

  it('accepts a generated salt and the protocol vectors’ salts', () => {
    expect(isValidSalt(generateSalt())).toBe(true);
    expect(isValidSalt('AbCdEfGhIjKlMnOp')).toBe(true);
  });

  it.each([
    ['too short', 'AbCdEfGhIjKlMnO'],
    ['too long', 'AbCdEfGhIjKlMnOpQ'],
    ['empty', ''],
    ['a digit', 'AbCdEfGhIjKlMnO1'],
    ['a non-ASCII letter', 'AbCdEfGhIjKlMnOé'],
    ['a space', 'AbCdEfGh jKlMnOp'],
    ['a trailing newline', 'AbCdEfGhIjKlMnOp\n'],
  ])('rejects a salt with %s', (_case, salt) => {
    expect(isValidSalt(salt)).toBe(false);
  });

  it.each([undefined, null, 16, ['AbCdEfGhIjKlMnOp']])('rejects the non-string %j', (salt) => {
    expect(isValidSalt(salt)).toBe(false);
  });
});

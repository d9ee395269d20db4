import { describe, expect, it } from 'vitest';
import { nameError, passwordError } from '../../../src/features/auth/field-errors.ts';

describe('passwordError', () => {
  it("holds the protocol's policy by default", () => {
    expect(passwordError('Lantern-9')).toBe('errors.passwordShort');
    expect(passwordError('password1234')).toBe('errors.passwordCommon');
    expect(passwordError('Lantern-harbour-9')).toBeUndefined();
  });

  it("asks for the clinic's longer minimum when it has one", () => {
    expect(passwordError('Lantern-harbour-9', 20)).toBe('errors.passwordShort');
    expect(passwordError('Lantern-harbour-quiet-9', 20)).toBeUndefined();
    // Past the minimum, the blocklist still applies.
    expect(passwordError('passwordpassword', 14)).toBe('errors.passwordCommon');
  });
});

describe('nameError', () => {
  it('tells a name that is too long from one carrying a link or other characters', () => {
    expect(nameError('  ')).toBe('errors.required');
    expect(nameError('Ana María')).toBeUndefined();
    expect(nameError('x'.repeat(101))).toBe('errors.nameLength');
    expect(nameError('re-verify at https://evil.example')).toBe('errors.nameCharacters');
    expect(nameError('Call 0800 123 456')).toBe('errors.nameCharacters');
  });
});

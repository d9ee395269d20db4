import { describe, expect, it } from 'vitest';
import { passwordError } from './field-errors.ts';

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

import { describe, expect, it } from 'vitest';
import { passwordPolicy } from '../../src/schemas/password-policy.ts';

describe('passwordPolicy', () => {
  it.each([
    'Patient-demo-2025',
    'correct horse battery staple',
    'a'.repeat(11) + 'b',
    '病人门户密码安全长度十二',
  ])('accepts %j', (password) => {
    expect(passwordPolicy.safeParse(password).success).toBe(true);
  });

  it('refuses a password shorter than 12 characters', () => {
    const result = passwordPolicy.safeParse('Short-pw-25');
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Password must be at least 12 characters',
    ]);
  });

  it('counts characters, not UTF-16 units: six emoji are too short', () => {
    expect(passwordPolicy.safeParse('😀😁😂🤣😃😄').success).toBe(false);
  });

  it('refuses more than 128 characters and accepts exactly 128', () => {
    expect(passwordPolicy.safeParse('x'.repeat(127) + 'y').success).toBe(true);
    expect(passwordPolicy.safeParse('x'.repeat(128) + 'y').success).toBe(false);
  });

  it.each([
    'password1234',
    'qwertyuiop12',
    'Password1234',
    'QWERTY123456',
    'aaaaaaaaaaaaaa',
    '1111111111111',
  ])('refuses the common password %j', (password) => {
    const result = passwordPolicy.safeParse(password);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['This password is too common']);
  });

  it('imposes no composition rules: lowercase letters and spaces alone are fine', () => {
    expect(passwordPolicy.safeParse('plain lowercase words').success).toBe(true);
  });
});

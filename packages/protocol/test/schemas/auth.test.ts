import { describe, expect, it } from 'vitest';
import vectors from '../../testing/fixtures/protocol-vectors.json';
import {
  emailSchema,
  loginResult,
  mfaRequest,
  NAME_MESSAGES,
  nameSchema,
  signupRequest,
  tokenData,
} from '../../src/schemas/auth.ts';

const validSignup = {
  email: '  Ana.Patient@Example.org ',
  password: 'encoded-value',
  first_name: 'Ana',
  last_name: 'Patient',
  date_of_birth: '1980-05-17',
  agree_terms: true,
  locale: 'gb',
};

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

describe('signupRequest', () => {
  it('accepts a complete signup and normalises the e-mail', () => {
    const result = signupRequest.parse(validSignup);
    expect(result.email).toBe('ana.patient@example.org');
  });

  it('refuses agree_terms false', () => {
    expect(signupRequest.safeParse({ ...validSignup, agree_terms: false }).success).toBe(false);
  });

  it('refuses a birth date in the future', () => {
    const tomorrow = isoDate(new Date(Date.now() + 86_400_000));
    expect(signupRequest.safeParse({ ...validSignup, date_of_birth: tomorrow }).success).toBe(false);
  });

  it('refuses a birth date more than 130 years ago and accepts one 129 years ago', () => {
    const year = new Date().getUTCFullYear();
    expect(signupRequest.safeParse({ ...validSignup, date_of_birth: `${year - 131}-06-15` }).success).toBe(
      false,
    );
    expect(signupRequest.safeParse({ ...validSignup, date_of_birth: `${year - 129}-06-15` }).success).toBe(
      true,
    );
  });

  it.each([
    '2023-02-30',
    '2023-02-29',
    '1990-13-01',
    '1990-00-10',
    '1990-1-1',
    '17/05/1980',
    '1980-05-17T00:00:00Z',
  ])('refuses the invalid date %j', (date) => {
    expect(signupRequest.safeParse({ ...validSignup, date_of_birth: date }).success).toBe(false);
  });

  it('accepts 29 February of a leap year', () => {
    expect(signupRequest.safeParse({ ...validSignup, date_of_birth: '2000-02-29' }).success).toBe(true);
  });

  it('refuses a locale other than gb and cn', () => {
    expect(signupRequest.safeParse({ ...validSignup, locale: 'en' }).success).toBe(false);
  });
});

describe('emailSchema and nameSchema', () => {
  it('refuses an invalid or overlong e-mail', () => {
    expect(emailSchema.safeParse('not-an-email').success).toBe(false);
    expect(emailSchema.safeParse(`${'a'.repeat(250)}@example.org`).success).toBe(false);
  });

  it('trims names and refuses blank or overlong ones', () => {
    expect(nameSchema.parse('  Ana ')).toBe('Ana');
    expect(nameSchema.safeParse('   ').success).toBe(false);
    expect(nameSchema.safeParse('x'.repeat(101)).success).toBe(false);
  });

  it.each(['Ana María', "O'Brien", 'Jean-Luc', 'St. John', '王小明', '艾力·买买提', 'Zoë', 'Nguyễn'])(
    'accepts the real name %j',
    (name) => {
      expect(nameSchema.parse(name)).toBe(name);
    },
  );

  it.each([
    ['URGENT: your records were leaked, re-verify at https://evil.example', NAME_MESSAGES.address],
    ['visit evil.example', NAME_MESSAGES.address],
    ['www.evil.example', NAME_MESSAGES.address],
    ['someone@evil.example', NAME_MESSAGES.address],
    ['Eve\r\nBcc: spy@evil.example', NAME_MESSAGES.control],
    ['Eve\u202eelbarised', NAME_MESSAGES.control],
    ['Eve\u200b', NAME_MESSAGES.control],
    ['Call 0800 123 456', NAME_MESSAGES.characters],
    ['<Eve>', NAME_MESSAGES.characters],
  ])('refuses %j with one clear message', (name, message) => {
    const result = nameSchema.safeParse(name);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([message]);
  });
});

describe('token schemas', () => {
  const tokenVector = vectors.messages.find((message) => message.direction === 's2c');
  const tokens: unknown = JSON.parse(tokenVector?.plaintext ?? '');

  it('accepts the token response sealed in protocol-vectors.json', () => {
    expect(tokenData.parse(tokens)).toEqual(tokens);
  });

  it('tells tokens from an MFA challenge by mfa', () => {
    expect(loginResult.parse(tokens)).toEqual(tokens);
    expect(loginResult.parse({ mfa: true, mfa_token: 't' })).toEqual({ mfa: true, mfa_token: 't' });
  });

  it('refuses a fractional expiry and an unknown role', () => {
    const valid = tokenData.parse(tokens);
    expect(tokenData.safeParse({ ...valid, expires: valid.expires + 0.5 }).success).toBe(false);
    expect(tokenData.safeParse({ ...valid, roles: ['root'] }).success).toBe(false);
  });

  it.each(['123456', 'abcde-12345', ' ABCDE-12345 '])('accepts the MFA code %j', (code) => {
    expect(mfaRequest.safeParse({ mfa_token: 't', code }).success).toBe(true);
  });

  it.each(['12345', '1234567', 'abcde12345', ''])('refuses the MFA code %j', (code) => {
    expect(mfaRequest.safeParse({ mfa_token: 't', code }).success).toBe(false);
  });
});

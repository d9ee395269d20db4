import { z } from 'zod';

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * NIST SP 800-63B §3.1.1.2: refuse values known to be commonly used. Only entries of at least
 * the minimum length are listed (shorter ones fail on length anyway); compared in lowercase.
 */
const COMMON_PASSWORDS = new Set([
  '123123123123',
  '123456123456',
  '123456789012',
  '1234567890123',
  '123456789abc',
  '123456qwerty',
  '1q2w3e4r5t6y',
  '1qaz2wsx3edc',
  '987654321098',
  'abc123456789',
  'abcd12345678',
  'abcdef123456',
  'abcdefghijkl',
  'admin1234567',
  'administrator',
  'asdfghjkl123',
  'baseball1234',
  'changeme1234',
  'dragon123456',
  'football1234',
  'iloveyou1234',
  'iloveyouiloveyou',
  'letmein12345',
  'master123456',
  'monkey123456',
  'mypassword123',
  'p@ssw0rd1234',
  'p@ssword1234',
  'passw0rd1234',
  'password1234',
  'password12345',
  'password123456',
  'password123!',
  'passwordpassword',
  'patientportal',
  'princess1234',
  'q1w2e3r4t5y6',
  'qazwsxedcrfv',
  'qwerty123456',
  'qwertyqwerty',
  'qwertyuiop12',
  'qwertyuiop123',
  'qwertyuiopasdf',
  'shadow123456',
  'sunshine1234',
  'superman1234',
  'thisismypassword',
  'trustno11234',
  'welcome12345',
  'welcome123456',
  'zaq12wsxcde3',
]);

/** Counted in code points, as NIST asks: an emoji or a CJK character is one character, not two. */
function characterCount(password: string): number {
  return [...password].length;
}

/**
 * The rule for a PLAINTEXT password, applied by the web form before sealing and by the server
 * after opening (protocol.md §4). NIST SP 800-63B: length and a blocklist, no composition rules.
 */
export const passwordPolicy = z
  .string()
  .refine((password) => characterCount(password) >= PASSWORD_MIN_LENGTH, {
    message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
    abort: true,
  })
  .refine((password) => characterCount(password) <= PASSWORD_MAX_LENGTH, {
    message: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
    abort: true,
  })
  .refine((password) => !COMMON_PASSWORDS.has(password.toLowerCase()) && !isOneRepeatedCharacter(password), {
    message: 'This password is too common',
  });

/** NIST SP 800-63B lists repetitive strings ('aaaaaa') beside breached ones. */
function isOneRepeatedCharacter(password: string): boolean {
  const [first] = password;
  return [...password].every((character) => character === first);
}

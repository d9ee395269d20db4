import { describe, expect, it } from 'vitest';
import { formatPhone } from '../../../src/modules/support/public-config.ts';

describe('the support number as people read it', () => {
  it('groups an E.164 number the way its country writes it, in international form', () => {
    expect(formatPhone('+18005550123')).toBe('+1 800 555 0123');
    expect(formatPhone('+442071838750')).toBe('+44 20 7183 8750');
    expect(formatPhone('+861012345678')).toBe('+86 10 1234 5678');
  });

  it('shows a number the metadata does not know as stored', () => {
    expect(formatPhone('+9991234567')).toBe('+9991234567');
  });
});

import { describe, expect, it } from 'vitest';
import { emailBreakParts } from '../../src/ui/email-breaks.ts';

describe('emailBreakParts', () => {
  it('offers breaks after the @ and before each dot only', () => {
    expect(emailBreakParts('maria.gonzalez-lopez@clinic.example.com')).toEqual([
      'maria',
      '.gonzalez-lopez@',
      'clinic',
      '.example',
      '.com',
    ]);
  });

  it('keeps an address without dots in two parts, and joins back to the address', () => {
    expect(emailBreakParts('root@localhost')).toEqual(['root@', 'localhost']);
    const address = 'a.b.c@d.e';
    expect(emailBreakParts(address).join('')).toBe(address);
  });
});

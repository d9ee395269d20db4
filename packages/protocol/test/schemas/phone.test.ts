import { describe, expect, it } from 'vitest';
import { settingsUpdate } from '../../src/schemas/admin-settings.ts';
import { draftOf } from '../../src/schemas/draft.ts';
import {
  contactSchema,
  emergencyContentSchemaIn,
  treatingPractitionerSchema,
  treatingPractitionerSchemaIn,
} from '../../src/schemas/intake.ts';
import { formatPhoneForReading, PHONE_MESSAGE, toE164 } from '../../src/schemas/phone.ts';

const address = { line1: '1 High Street', city: 'Bristol', postal_code: 'BS1 1AA', country: 'GB' };
const contact = {
  mobile_phone: '07700 900123',
  email: 'ada@example.com',
  address,
  preferred_contact_method: 'mobile',
};

describe('toE164', () => {
  it('reads a national number in the given country', () => {
    expect(toE164('07700 900123', 'GB')).toBe('+447700900123');
    expect(toE164('(201) 555-0123', 'US')).toBe('+12015550123');
  });

  it('reads international numbers with spaces, dots, dashes and brackets whatever the country', () => {
    expect(toE164('+44 800 123 4567', 'US')).toBe('+448001234567');
    expect(toE164('+1 (800) 555-0123')).toBe('+18005550123');
    expect(toE164('+44.20.7946.0958')).toBe('+442079460958');
  });

  it('reads national numbers in the clinic country when the country is unknown', () => {
    expect(toE164('020 7946 0958')).toBe('+442079460958');
    expect(toE164('020 7946 0958', 'ZZ')).toBe('+442079460958');
  });

  it('keeps a number already in E.164, as earlier releases stored it', () => {
    expect(toE164('+447700900123')).toBe('+447700900123');
    expect(toE164('+1234567')).toBe('+1234567');
  });

  it('refuses what is no number of the country', () => {
    expect(toE164('07700 9001', 'GB')).toBeNull();
    expect(toE164('0800 12', 'GB')).toBeNull();
    expect(toE164('12345')).toBeNull();
    expect(toE164('call me')).toBeNull();
  });
});

describe('formatPhoneForReading', () => {
  it('writes a number of the clinic country nationally', () => {
    expect(formatPhoneForReading('+447700900123')).toBe('07700 900123');
    expect(formatPhoneForReading('+448001234567')).toBe('0800 123 4567');
    expect(formatPhoneForReading('+447911123456')).toBe('07911 123456');
  });

  it('writes a number of another country internationally', () => {
    expect(formatPhoneForReading('+18005550123')).toBe('+1 800 555 0123');
    expect(formatPhoneForReading('+18005550123', 'US')).toBe('(800) 555-0123');
  });

  it('keeps what it cannot read as stored', () => {
    expect(formatPhoneForReading('not a number')).toBe('not a number');
  });
});

describe('contactSchema phone numbers', () => {
  it('accepts a national number of the address country and stores E.164', () => {
    const parsed = contactSchema.parse(contact);
    expect(parsed.mobile_phone).toBe('+447700900123');
  });

  it('reads national numbers in the address country, not the clinic one', () => {
    const american = { ...contact, mobile_phone: '(201) 555-0123', address: { ...address, country: 'US' } };
    expect(contactSchema.parse(american).mobile_phone).toBe('+12015550123');
    expect(contactSchema.parse({ ...contact, mobile_phone: '(201) 555-0123' }).mobile_phone).toBe(
      '+442015550123',
    );
  });

  it('names the field of a number that is not one, beside the other problems', () => {
    const result = contactSchema.safeParse({ ...contact, other_phone: '0770', email: 'no' });
    expect(result.success).toBe(false);
    const issues = result.error!.issues.map(({ path, message }) => ({ path, message }));
    expect(issues).toContainEqual({ path: ['other_phone'], message: PHONE_MESSAGE });
    expect(issues.map(({ path }) => path.join('.'))).toContain('email');
  });

  it('keeps a stored E.164 number as it is', () => {
    expect(contactSchema.parse({ ...contact, mobile_phone: '+447700900123' }).mobile_phone).toBe(
      '+447700900123',
    );
  });

  it('checks a draft number too, stored as E.164', () => {
    expect(draftOf(contactSchema).parse({ mobile_phone: '07700 900123' })).toEqual({
      mobile_phone: '+447700900123',
    });
    expect(draftOf(contactSchema).safeParse({ mobile_phone: '0770' }).error?.issues).toMatchObject([
      { path: ['mobile_phone'], message: PHONE_MESSAGE },
    ]);
  });
});

describe('the other sections read national numbers in their own country', () => {
  it('reads an emergency contact in the patient country', () => {
    const person = {
      name: 'Sam',
      relationship: 'child',
      phone: '(201) 555-0123',
      may_receive_information: true,
    };
    const parsed = emergencyContentSchemaIn('US').parse({ contacts: [person] });
    expect(parsed.contacts[0]!.phone).toBe('+12015550123');
    const refused = emergencyContentSchemaIn('GB').safeParse({ contacts: [{ ...person, phone: '0800 12' }] });
    expect(refused.error?.issues.map(({ path }) => path)).toEqual([['contacts', 0, 'phone']]);
  });

  it('reads a practitioner in their own address country, else the patient country', () => {
    const practitioner = { name: 'Dr Lee', phone: '(201) 555-0123' };
    expect(treatingPractitionerSchemaIn('US').parse(practitioner).phone).toBe('+12015550123');
    expect(treatingPractitionerSchema.parse(practitioner).phone).toBe('+442015550123');
    const abroad = { ...practitioner, address: { ...address, country: 'US' } };
    expect(treatingPractitionerSchema.parse(abroad).phone).toBe('+12015550123');
  });
});

describe('settings support phone', () => {
  it('accepts the number with spaces or nationally and stores E.164', () => {
    expect(settingsUpdate.parse({ support_phone: '+44 800 123 4567' }).support_phone).toBe('+448001234567');
    expect(settingsUpdate.parse({ support_phone: '0800 123 4567' }).support_phone).toBe('+448001234567');
  });

  it('refuses what is no number', () => {
    const result = settingsUpdate.safeParse({ support_phone: '0800 12' });
    expect(result.error?.issues).toMatchObject([{ path: ['support_phone'], message: PHONE_MESSAGE }]);
  });

  it('takes and refuses exactly what the intake’s contact does with the clinic’s address', () => {
    const typed = ['0800 123 4567', ' +44 800 123 4567 ', '0800 12', '', `0800 123 4567${' '.repeat(40)}x`];
    for (const phone of typed) {
      const intake = contactSchema.safeParse({ ...contact, mobile_phone: phone });
      const settings = settingsUpdate.safeParse({ support_phone: phone });
      expect(settings.success, phone).toBe(intake.success);
      if (intake.success) expect(settings.data?.support_phone).toBe(intake.data.mobile_phone);
    }
  });
});

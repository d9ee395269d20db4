// `min` metadata: every country's numbering plan, half the size of `max` (which adds the kinds of
// number, mobile or fixed, that no form here asks about) (decision 0029).
import {
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js/min';
import { z } from 'zod';

/** The clinic's country, whose numbers are written and read in national form; settings hold none. */
export const CLINIC_COUNTRY: CountryCode = 'GB';

export const PHONE_MESSAGE = 'Enter a phone number, e.g. 07700 900123 or +44 20 7946 0958';
/** A format problem, as the old regex's was: forms choose their words by code and field. */
const PHONE_ISSUE = { code: 'invalid_format', format: 'phone', message: PHONE_MESSAGE } as const;

const STORED_E164 = /^\+[1-9]\d{6,14}$/;

function dialingCountry(country: string | undefined): CountryCode {
  const code = country?.trim().toUpperCase();
  return code && isSupportedCountry(code) ? code : CLINIC_COUNTRY;
}

/**
 * A number as people type it, national for `country` (the clinic's when unknown) or
 * international with spaces, dots, dashes or brackets, in E.164; null when it is no number.
 */
export function toE164(text: string, country?: string): string | null {
  // What the wire and earlier releases stored stays valid: the chart and the PDF parse stored
  // records with these schemas, and the previous rule took any E.164 of 7 to 15 digits.
  if (STORED_E164.test(text)) return text;
  const number = parsePhoneNumberFromString(text, dialingCountry(country));
  if (!number) return null;
  // Ofcom's ranges for drama and examples (07700 900123), which the clinic's guides and demo
  // use, have the length of a number without being valid ones; a number that kept its national
  // prefix (07700 9001 read as 077009001) is too short for one.
  const plausible = number.isValid() || (number.isPossible() && !number.nationalNumber.startsWith('0'));
  return plausible ? number.number : null;
}

/**
 * A stored E.164 number as the reader writes it: national when the reader dials it without a
 * country code (its calling code is the reader's: +44 covers Guernsey's 07911 too), international
 * otherwise; as stored when it is no number. `tel:` links keep the E.164 value.
 */
export function formatPhoneForReading(e164: string, readerCountry: string = CLINIC_COUNTRY): string {
  const number = parsePhoneNumberFromString(e164);
  if (!number) return e164;
  const sameCode = number.countryCallingCode === getCountryCallingCode(dialingCountry(readerCountry));
  return sameCode ? number.formatNational() : number.formatInternational();
}

/** A phone number as typed; `phoneIn` or `withPhonesIn` (a country another field names) reads it. */
export const phoneText = z.string().trim().min(1, 'Required').max(40);

/**
 * One phone number, national for `country` or international, stored as E.164: the text rule and
 * the number rule of the intake's phone fields, so a number one form takes the other takes too.
 */
export function phoneIn(country?: string) {
  return phoneText.transform((text, ctx) => {
    const e164 = toE164(text, country);
    if (e164 === null) {
      ctx.addIssue({ ...PHONE_ISSUE, input: text });
      return z.NEVER;
    }
    return e164;
  });
}

export const optionalPhoneText = z
  .string()
  .optional()
  .transform((value) => value?.trim() || undefined)
  .pipe(z.string().max(40).optional());

type PhoneKey<T extends z.ZodObject> = keyof z.output<T> & string;

/**
 * The object's phone fields checked against the country `countryOf` reads from the object
 * (e.g. its address) and stored as E.164. A check rather than a transform keeps the schema an
 * object, so its shape, its drafts (`draftOf` keeps the check) and its wire type stay as they were.
 */
export function withPhonesIn<T extends z.ZodObject>(
  schema: T,
  keys: readonly PhoneKey<T>[],
  countryOf: (value: z.output<T>) => string | undefined,
): T {
  return schema
    .superRefine(
      (value, ctx) => {
        const country = countryOf(value);
        for (const key of keys) {
          const text: unknown = value[key];
          if (typeof text === 'string' && toE164(text, country) === null) {
            ctx.addIssue({ ...PHONE_ISSUE, input: text, path: [key] });
          }
        }
      },
      // Reported beside the other fields' problems, not only once they are fixed.
      { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
    )
    .overwrite((value) => {
      const country = countryOf(value);
      const stored: Record<string, unknown> = { ...value };
      for (const key of keys) {
        const text = stored[key];
        if (typeof text === 'string') stored[key] = toE164(text, country) ?? text;
      }
      return stored as z.output<T>;
    });
}

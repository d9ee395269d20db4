import { z } from 'zod';
import { SALT_PATTERN } from '../salt.ts';

/** protocol.md §1: `errors` lists the fields that failed validation. */
export const fieldError = z.object({ path: z.string(), message: z.string() });

/** protocol.md §1: every failure is `{ code, message, errors? }`; `message` is English, clients translate by `code`. */
export const errorBody = z.object({
  code: z.number().int(),
  message: z.string(),
  errors: z.array(fieldError).optional(),
});

/** protocol.md §1: a success that carries no tokens or PHI is plain JSON. */
export function plainSuccess<Data extends z.ZodType>(data: Data) {
  return z.object({ code: z.literal(0), data });
}

/** What `Paged<T>` answers look like: one page of items and the count of all matches. */
export function pageOf<Item extends z.ZodType>(item: Item) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  });
}

export const saltSchema = z.string().regex(SALT_PATTERN, 'Salt must be 16 letters');

/** protocol.md §1 (spec): tokens and PHI travel as `{ code: 0, salt, data }`, `data` decrypting to JSON. */
export const envelopeBody = z.object({
  code: z.literal(0),
  salt: saltSchema,
  data: z.string(),
});

/**
 * protocol.md §4: an encrypted secret field (password, new_password). Deliberately unconstrained
 * beyond being a string: whatever is wrong with it must surface as 10016 'Decryption failed'
 * when it is opened, not as a validation error that tells a prober which check failed.
 */
export const encodedValue = z.string().describe('Encoded value: base64(AES-256-CBC ciphertext || HMAC tag)');

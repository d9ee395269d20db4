import { z } from 'zod';

export const ChatMode = z.enum(['builtin', 'zendesk']);
export type ChatMode = z.infer<typeof ChatMode>;

/**
 * Only https, as the settings say: these URLs become links in the support menu (a `javascript:`
 * URL there would run script), and a plain-http page would leave the portal's encrypted context.
 */
export const httpsUrl = z.url({ protocol: /^https$/, error: 'Enter a web address starting with https://' });

/** protocol.md §7 `GET /public/config/`: what the support menu and footer show. */
export const publicConfig = z.object({
  clinic_name: z.string(),
  support_email: z.email(),
  support_phone: z.string().regex(/^\+[1-9]\d{6,14}$/, 'Phone number must be E.164, e.g. +18005550123'),
  /** The same number grouped for reading, e.g. +1 800 555 0123 (dial and copy `support_phone`). */
  support_phone_display: z.string(),
  booking_url: httpsUrl,
  company_url: httpsUrl,
  chat_mode: ChatMode,
  /** The clinic's password minimum (settings), at least the protocol's 12: forms check it before sending. */
  password_min_length: z.number().int(),
  /** `GET` path of the clinic logo, relative to `/backend/api/v1` and versioned; null without a logo. */
  logo_path: z.string().nullable(),
  /** The Zendesk Web Widget key; null unless chat_mode is zendesk and the key is set. */
  zendesk_widget_key: z.string().nullable(),
});

/** protocol.md §7-§8 `GET /patient/event/`: the oldest pending event, e.g. `refresh_token`, or null. */
export const eventData = z.object({ name: z.string().nullable() });

export type PublicConfig = z.infer<typeof publicConfig>;
export type EventData = z.infer<typeof eventData>;

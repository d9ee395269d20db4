import { z } from 'zod';

export const ChatMode = z.enum(['builtin', 'zendesk']);
export type ChatMode = z.infer<typeof ChatMode>;

/** Only http(s): these URLs become links in the support menu, and a `javascript:` URL there would run script. */
const linkUrl = z.url({ protocol: /^https?$/ });

/** protocol.md §7 `GET /public/config/`: what the support menu and footer show. */
export const publicConfig = z.object({
  clinic_name: z.string(),
  support_email: z.email(),
  support_phone: z.string().regex(/^\+[1-9]\d{6,14}$/, 'Phone number must be E.164, e.g. +18005550123'),
  booking_url: linkUrl,
  company_url: linkUrl,
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

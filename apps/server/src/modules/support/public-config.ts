import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { PublicConfig } from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import { loadSettings } from '../settings/index.ts';
import { logoPathOf } from './logo-route.ts';

/**
 * An E.164 number grouped as its country writes it, in international form (+1 800 555 0123);
 * as stored when the metadata does not know the number.
 */
export function formatPhone(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}

/**
 * What the support menu and messenger need before sign-in (spec §2): the administrators'
 * settings, read on every call so a change shows at once on every node; the environment's
 * values (config.ts) until a setting is saved.
 */
export async function publicConfigOf(ctx: AppContext): Promise<PublicConfig> {
  const [s, logoPath] = await Promise.all([loadSettings(ctx), logoPathOf(ctx)]);
  return {
    clinic_name: s.clinic_name,
    support_email: s.support_email,
    support_phone: s.support_phone,
    support_phone_display: formatPhone(s.support_phone),
    booking_url: s.booking_url,
    company_url: s.company_url,
    chat_mode: s.chat_mode,
    password_min_length: s.password_min_length,
    logo_path: logoPath,
    zendesk_widget_key: s.chat_mode === 'zendesk' && s.zendesk_widget_key ? s.zendesk_widget_key : null,
  };
}

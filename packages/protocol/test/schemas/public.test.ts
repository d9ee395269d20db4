import { describe, expect, it } from 'vitest';
import { publicConfig } from '../../src/schemas/public.ts';

const config = {
  clinic_name: 'Northbridge Clinic & Devices',
  support_email: 'support@northbridge.example',
  support_phone: '+18005550123',
  support_phone_display: '+1 800 555 0123',
  booking_url: 'https://northbridge.example/book-a-call',
  company_url: 'https://northbridge.example',
  chat_mode: 'builtin',
  password_min_length: 12,
  logo_path: null,
  zendesk_widget_key: null,
};

describe('publicConfig', () => {
  it('accepts the default configuration', () => {
    expect(publicConfig.parse(config)).toEqual(config);
  });

  it('refuses a phone number that is not E.164', () => {
    expect(publicConfig.safeParse({ ...config, support_phone: '0800 555 0123' }).success).toBe(false);
  });

  it('refuses a link that is not http(s)', () => {
    expect(publicConfig.safeParse({ ...config, booking_url: 'javascript:alert(1)' }).success).toBe(false);
  });
});

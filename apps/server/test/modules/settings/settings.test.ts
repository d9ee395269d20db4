import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { type PublicConfig, type SettingsView } from '@portal/protocol';
import { type PortalClient } from '@portal/protocol/testing';
import { auditLog, settings } from '../../../src/db/schema/index.ts';
import {
  DEMO_ADMIN,
  freshDatabase,
  portalWithAdmin,
  startTestPortal,
  type TestPortal,
} from '../../../testing/test-portal.ts';
import { loadSecret } from '../../../src/modules/settings/settings-queries.ts';
import { codeOf, pathsOf, sealedPost } from '../../../testing/answers.ts';

let t: TestPortal;
let admin: PortalClient;
beforeAll(async () => {
  ({ t, admin } = await portalWithAdmin());
});
afterAll(() => t.close());

const save = (body: Record<string, unknown>) => sealedPost(admin, '/admin/settings/', body);
const publicConfig = async (baseUrl = t.baseUrl) =>
  ((await (await fetch(`${baseUrl}/backend/api/v1/public/config/`)).json()) as { data: PublicConfig }).data;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const svg = (body: string) =>
  Buffer.from(`<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg">${body}</svg>`);

describe('settings', () => {
  it('start from the configured contacts and safe defaults', async () => {
    const view = await admin.get<SettingsView>('/admin/settings/');
    expect(view.values).toMatchObject({
      support_email: 'support@northbridge.example',
      support_phone: '+18005550123',
      chat_mode: 'builtin',
      password_min_length: 12,
    });
    expect(view.secrets).toEqual({ zendesk_key_id: { set: false }, zendesk_secret: { set: false } });
    expect(view.clinic_logo).toBeNull();
  });

  it('feed GET /public/config/ at once, on this node and on another one on the same database', async () => {
    const db = await freshDatabase();
    const a = await startTestPortal({ database: db.target });
    const b = await startTestPortal({ database: db.target, env: { PORTAL_DEMO: '0' } });
    try {
      const adminOnA = await a.signedIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
      const changed = await sealedPost(adminOnA, '/admin/settings/', {
        support_email: 'Help@Clinic.Example',
        support_phone: '+442079460000',
        booking_url: 'https://clinic.example/book',
        company_url: 'https://clinic.example',
        clinic_name: 'Harbour Clinic',
      });
      expect(changed.status).toBe(200);
      const expected = {
        clinic_name: 'Harbour Clinic',
        support_email: 'help@clinic.example',
        support_phone: '+442079460000',
        support_phone_display: '+44 20 7946 0000',
        booking_url: 'https://clinic.example/book',
        company_url: 'https://clinic.example',
        chat_mode: 'builtin',
        password_min_length: 12,
        logo_path: null,
        zendesk_widget_key: null,
      };
      expect(await publicConfig(a.baseUrl)).toEqual(expected);
      expect(await publicConfig(b.baseUrl)).toEqual(expected);
    } finally {
      await b.close();
      await a.close();
      await db.drop();
    }
  });

  it('refuse invalid values with 10400 and their paths, saving nothing', async () => {
    const answer = await save({
      support_email: 'not-an-address',
      support_phone: '0800 555',
      booking_url: 'javascript:alert(1)',
      company_url: 'http://clinic.example',
      password_min_length: 11,
      signing_window_days: 0,
      session_timeout_minutes: 2.5,
      chat_mode: 'telepathy',
    });
    expect([answer.status, codeOf(answer)]).toEqual([400, 10400]);
    expect(pathsOf(answer).sort()).toEqual(
      [
        'booking_url',
        'chat_mode',
        'company_url',
        'password_min_length',
        'session_timeout_minutes',
        'signing_window_days',
        'support_email',
        'support_phone',
      ].sort(),
    );
    expect((await publicConfig()).support_email).toBe('support@northbridge.example');
  });

  it('store the support phone as E.164 however it was typed: nationally or with spaces', async () => {
    expect((await save({ support_phone: '0800 123 4567' })).status).toBe(200);
    expect((await admin.get<SettingsView>('/admin/settings/')).values.support_phone).toBe('+448001234567');
    expect((await publicConfig()).support_phone).toBe('+448001234567');
    expect((await save({ support_phone: '+1 (800) 555-0123' })).status).toBe(200);
    expect((await publicConfig()).support_phone).toBe('+18005550123');
  });

  it('check rules between fields on the values that would result', async () => {
    const idle = await save({ idle_timeout_minutes: 600, session_timeout_minutes: 60 });
    expect([codeOf(idle), pathsOf(idle)]).toEqual([10400, ['idle_timeout_minutes']]);
    const zendesk = await save({ chat_mode: 'zendesk' });
    expect([codeOf(zendesk), pathsOf(zendesk)]).toEqual([10400, ['chat_mode']]);
  });

  it('keep the Zendesk keys write-only: stored encrypted, answered only as set, audited by name', async () => {
    const answer = await save({
      zendesk_key_id: 'app_key_123',
      zendesk_secret: 'very-secret-value',
      chat_mode: 'zendesk',
    });
    expect(answer.status).toBe(200);
    const view = answer.data as SettingsView;
    expect(view.secrets).toEqual({ zendesk_key_id: { set: true }, zendesk_secret: { set: true } });
    expect(JSON.stringify(view)).not.toContain('very-secret-value');
    expect(JSON.stringify(await admin.get('/admin/settings/'))).not.toContain('very-secret-value');
    const [stored] = await t.portal.ctx.db.select().from(settings).where(eq(settings.key, 'zendesk_secret'));
    expect(JSON.stringify(stored!.value)).not.toContain('very-secret-value');
    expect(await loadSecret(t.portal.ctx, 'zendesk_secret')).toBe('very-secret-value');
    expect((await publicConfig()).chat_mode).toBe('zendesk');

    const rows = await t.portal.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'admin.settings.update'));
    expect(rows.at(-1)!.detail).toEqual({ changed: ['chat_mode', 'zendesk_key_id', 'zendesk_secret'] });
    expect(JSON.stringify(rows)).not.toContain('very-secret-value');
    expect(t.logs.join('')).not.toContain('very-secret-value');

    // Removing a key the messenger needs is refused while the messenger uses it.
    expect(pathsOf(await save({ zendesk_secret: null }))).toEqual(['chat_mode']);
    const cleared = (await save({ zendesk_secret: null, chat_mode: 'builtin' })).data as SettingsView;
    expect(cleared.secrets.zendesk_secret).toEqual({ set: false });
  });

  it('accept a PNG logo re-encoded and an SVG logo drawn into a PNG, judged by content and size', async () => {
    const png = (await save({ clinic_logo: { content_base64: PNG.toString('base64') } }))
      .data as SettingsView;
    expect(png.clinic_logo?.mime).toBe('image/png');
    const plain = svg('<circle cx="5" cy="5" r="4"/>');
    const vector = (await save({ clinic_logo: { content_base64: plain.toString('base64') } }))
      .data as SettingsView;
    expect(vector.clinic_logo?.mime).toBe('image/png');
    const drawn = Buffer.from(vector.clinic_logo!.content_base64, 'base64');
    expect(drawn.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(((await save({ clinic_logo: null })).data as SettingsView).clinic_logo).toBeNull();
  });

  it('refuse other files with 10415 and anything over 512 KB with 10413', async () => {
    const refused = [
      Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'),
      Buffer.from('%PDF-1.7 not a logo'),
      Buffer.from('<html><svg></svg></html>'),
    ];
    for (const bytes of refused) {
      const answer = await save({ clinic_logo: { content_base64: bytes.toString('base64') } });
      expect([answer.status, codeOf(answer)]).toEqual([415, 10415]);
    }
    const huge = Buffer.concat([PNG, Buffer.alloc(512 * 1024)]);
    const tooLarge = await save({ clinic_logo: { content_base64: huge.toString('base64') } });
    expect([tooLarge.status, codeOf(tooLarge)]).toEqual([413, 10413]);
    expect((await admin.get<SettingsView>('/admin/settings/')).clinic_logo).toBeNull();
  });

  it('write nothing and audit nothing when nothing changes', async () => {
    const before = (await t.portal.ctx.db.select().from(auditLog)).length;
    const view = await admin.get<SettingsView>('/admin/settings/');
    expect((await save({ support_email: view.values.support_email })).status).toBe(200);
    expect((await t.portal.ctx.db.select().from(auditLog)).length).toBe(before);
  });
});

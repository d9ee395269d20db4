import { describe, expect, test } from 'vitest';
import { contactSchema, medicalHistorySchema } from '@portal/protocol';
import type { AppLocale } from '../../../src/i18n/locale.ts';
import { expectNoAxeViolations } from '../../../testing/axe.ts';
import { renderScreen } from '../../../testing/render-screen.tsx';
import { contactFields } from '../../../src/ui/intake-record/contact-fields.ts';
import { coverageFields } from '../../../src/ui/intake-record/coverage-fields.ts';
import { medicalHistoryFields } from '../../../src/ui/intake-record/medical-history-fields.ts';
import { profileFields } from '../../../src/ui/intake-record/profile-fields.ts';
import { ValueList } from '../../../src/ui/intake-record/ValueList.tsx';

// Parsed with the protocol's schema: the record is one the server could have saved.
const history = medicalHistorySchema.parse({
  conditions: [{ name: 'Asthma', since: '2019-06' }],
  surgeries: [],
  medications: [{ name: 'Metformin', dose: '500 mg' }],
  allergies: [],
  no_known_allergies: true,
  mobility_aids: ['cane', 'walker'],
  devices: [],
  smoking: 'never',
});

/** The list's top-level rows as a reader sees them: each term with its description's lines. */
function rowsOf(container: HTMLElement): Record<string, string> {
  const rows = container.querySelectorAll<HTMLElement>(':scope > dl > div');
  const lines = (element: HTMLElement | null) =>
    (element?.innerText ?? '')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .join(' / ');
  return Object.fromEntries(
    [...rows].map((row) => [lines(row.querySelector('dt')), lines(row.querySelector('dd'))]),
  );
}

const EXPECTED: Record<AppLocale, { rows: Record<string, string>; items: string[] }> = {
  gb: {
    rows: {
      'Health conditions': 'Condition 1 / Condition / Asthma / Since when / June 2019',
      'Operations and procedures': 'None',
      'Medicines you take now': 'Medicine 1 / Medicine / Metformin / Dose / 500 mg',
      'I have no known allergies': 'Yes',
      'Mobility aids you use': 'Walking stick, Walking frame',
      'Medical devices you use': 'None',
      'Do you smoke?': 'I have never smoked',
    },
    items: ['Condition 1', 'Medicine 1'],
  },
  cn: {
    rows: {
      疾病与健康问题: '疾病 1 / 疾病名称 / Asthma / 开始时间 / 2019年6月',
      手术和操作史: '无',
      目前服用的药物: '药物 1 / 药品名称 / Metformin / 剂量 / 500 mg',
      我没有已知的过敏: '是',
      您使用的助行器具: '手杖、助行架',
      您使用的医疗器械: '无',
      '您吸烟吗？': '我从不吸烟',
    },
    items: ['疾病 1', '药物 1'],
  },
};

describe.each(Object.entries(EXPECTED))('a saved medical history read back in %s', (locale, expected) => {
  test('shows answers in words, empty lists as none, and leaves out what was not asked', async () => {
    const screen = await renderScreen(<ValueList table={medicalHistoryFields} value={history} />, {
      locale: locale as AppLocale,
    });
    await expect.element(screen.getByRole('term').first()).toBeVisible();

    // Allergies are not asked once "no known allergies" is ticked; the empty notes field is skipped.
    expect(rowsOf(screen.container)).toEqual(expected.rows);
    for (const name of expected.items) {
      await expect.element(screen.getByRole('heading', { level: 4, name })).toBeVisible();
    }
    await expectNoAxeViolations(screen.container);
  });
});

test('a section with nothing filled in says so', async () => {
  const screen = await renderScreen(<ValueList table={profileFields} value={{ first_name: ' ' }} />);
  await expect.element(screen.getByText('Nothing entered.')).toBeVisible();
  await expect.element(screen.getByRole('term')).not.toBeInTheDocument();
});

test('phone numbers read nationally when they are the clinic country’s, internationally otherwise', async () => {
  const contact = contactSchema.parse({
    mobile_phone: '07700 900123',
    other_phone: '+1 (800) 555-0123',
    email: 'ada@example.com',
    address: { line1: '1 High Street', city: 'Bristol', postal_code: 'BS1 1AA', country: 'GB' },
    preferred_contact_method: 'mobile',
  });
  const screen = await renderScreen(<ValueList table={contactFields} value={contact} />);
  await expect.element(screen.getByRole('term').first()).toBeVisible();
  expect(rowsOf(screen.container)).toMatchObject({
    'Mobile phone': '07700 900123',
    'Other phone': '+1 800 555 0123',
  });
});

describe('the chart reads the record to staff', () => {
  test.each([
    [
      'gb',
      'Relationship to the policyholder',
      'Your relationship to the policyholder',
      'Medicines they take now',
    ],
    ['cn', '与投保人的关系', '您与投保人的关系', '目前服用的药物'],
  ] as const)('in staff wording, not the patient’s own (%s)', async (locale, staff, own, medicines) => {
    const coverage = { subscriber_name: 'Tom Smith', subscriber_relationship: 'spouse', payer_name: 'Aviva' };
    const screen = await renderScreen(
      <>
        <ValueList table={coverageFields} value={coverage} reader="staff" />
        <ValueList table={medicalHistoryFields} value={history} reader="staff" />
      </>,
      { locale },
    );
    await expect.element(screen.getByText(staff, { exact: true })).toBeVisible();
    await expect.element(screen.getByText(medicines, { exact: true })).toBeVisible();
    expect(screen.container.textContent).not.toContain(own);
  });
});

import { describe, expect, test } from 'vitest';
import type { IntakeResourceName } from '@portal/protocol';
import type { AppLocale } from '../../../../src/i18n/locale.ts';
import { expectNoAxeViolations } from '../../../../testing/axe.ts';
import { renderScreen } from '../../../../testing/render-screen.tsx';
import { SECTIONS } from '../../../../src/features/intake/sections/sections.ts';
import { SectionForm } from '../../../../src/features/intake/steps/SectionForm.tsx';

// The form engine through real sections: each is built from its field table and checked with
// the protocol's schema, so these cover the engine's required, conditional and repeating fields.

/** A section as the server answers it: nothing saved yet, or a saved value. */
function renderSection(name: IntakeResourceName, locale: AppLocale, value: unknown = null) {
  return renderScreen(
    <SectionForm
      definition={SECTIONS[name]}
      state={{ value, version: value ? 1 : 0, updated_at: null, draft: null }}
      restoreDraft
      reloaded={false}
      backHref={null}
      onSaved={() => {}}
      onReload={async () => {}}
    />,
    { locale },
  );
}

const PROFILE_WORDS = {
  gb: {
    save: 'Save and continue',
    summary: 'Please check these answers',
    firstName: 'First name',
    required: 'Fill in this field.',
    firstNameLink: 'First name: Fill in this field.',
    sex: 'Sex assigned at birth',
    choose: 'Choose an answer.',
    optional: 'Name you would like us to use (optional)',
  },
  cn: {
    save: '保存并继续',
    summary: '请检查以下内容',
    firstName: '名字',
    required: '请填写此项。',
    firstNameLink: '名字：请填写此项。',
    sex: '出生时的生理性别',
    choose: '请选择一项。',
    optional: '希望我们如何称呼您（选填）',
  },
} as const;

describe.each(Object.entries(PROFILE_WORDS))('the profile form in %s', (locale, words) => {
  test('an empty save lists every required field, marks each one and leaves optional ones alone', async () => {
    const screen = await renderSection('profile', locale as AppLocale);
    await screen.getByRole('button', { name: words.save }).click();

    const summary = screen.getByRole('heading', { name: words.summary });
    await expect.element(summary).toBeVisible();
    const firstName = screen.getByRole('textbox', { name: words.firstName, exact: true });
    await expect.element(firstName).toHaveAttribute('aria-invalid', 'true');
    await expect.element(firstName).toHaveAccessibleDescription(words.required);
    await expect
      .element(screen.getByRole('group', { name: words.sex }))
      .toHaveAccessibleDescription(expect.stringContaining(words.choose));
    await expect
      .element(screen.getByRole('textbox', { name: words.optional }))
      .not.toHaveAttribute('aria-invalid');
    await expectNoAxeViolations(screen.container);
  });

  test('the summary takes focus, its link moves to the field, and typing clears the message', async () => {
    const screen = await renderSection('profile', locale as AppLocale);
    await screen.getByRole('button', { name: words.save }).click();
    const summary = screen.getByRole('heading', { name: words.summary });
    await expect.element(summary).toBeVisible();
    // The summary's box is focused (so its heading and list are read first), not a field.
    await expect.poll(() => document.activeElement?.contains(summary.element())).toBe(true);

    await screen.getByRole('link', { name: words.firstNameLink }).click();
    const firstName = screen.getByRole('textbox', { name: words.firstName, exact: true });
    await expect.element(firstName).toHaveFocus();
    await firstName.fill('Mei');
    await expect.element(firstName).not.toHaveAttribute('aria-invalid');
    await expect.element(screen.getByRole('link', { name: words.firstNameLink })).not.toBeInTheDocument();
  });
});

const HISTORY_WORDS = {
  gb: {
    conditions: 'Health conditions',
    add: 'Add a condition',
    name: 'Condition',
    first: 'Condition 1: Asthma',
    removeFirst: 'Remove Condition 1: Asthma',
    renumbered: 'Condition 1: Eczema',
    removeLast: 'Remove Condition 1: Eczema',
    noAllergies: 'I have no known allergies',
    allergies: 'Allergies',
    addAllergy: 'Add an allergy',
  },
  cn: {
    conditions: '疾病与健康问题',
    add: '添加疾病',
    name: '疾病名称',
    first: '疾病 1：Asthma',
    removeFirst: '删除 疾病 1：Asthma',
    renumbered: '疾病 1：Eczema',
    removeLast: '删除 疾病 1：Eczema',
    noAllergies: '我没有已知的过敏',
    allergies: '过敏',
    addAllergy: '添加过敏项',
  },
} as const;

describe.each(Object.entries(HISTORY_WORDS))('the medical history form in %s', (locale, words) => {
  test('conditions are added, named by what is typed, and removed, with focus following', async () => {
    const screen = await renderSection('medical_history', locale as AppLocale);
    const conditions = screen.getByRole('region', { name: words.conditions });
    const add = conditions.getByRole('button', { name: words.add });
    for (const [n, condition] of ['Asthma', 'Eczema'].entries()) {
      await add.click();
      const name = conditions.getByRole('textbox', { name: words.name, exact: true }).nth(n);
      await expect.element(name).toHaveFocus();
      await name.fill(condition);
    }
    await expect.element(conditions.getByRole('heading', { name: words.first })).toBeVisible();
    await expectNoAxeViolations(screen.container);

    // The neighbour takes the removed item's place (and number), and focus goes to its heading.
    await conditions.getByRole('button', { name: words.removeFirst }).click();
    const left = conditions.getByRole('heading', { name: words.renumbered });
    await expect.element(left).toHaveFocus();
    await conditions.getByRole('button', { name: words.removeLast }).click();
    await expect.element(conditions.getByRole('heading', { level: 4 })).not.toBeInTheDocument();
    await expect.element(add).toHaveFocus();
  });

  test('"no known allergies" and a list of allergies exclude each other', async () => {
    const screen = await renderSection('medical_history', locale as AppLocale);
    const noAllergies = screen.getByRole('checkbox', { name: words.noAllergies });
    const allergies = screen.getByRole('region', { name: words.allergies });

    await noAllergies.click();
    await expect.element(allergies).not.toBeInTheDocument();
    await noAllergies.click();
    await allergies.getByRole('button', { name: words.addAllergy }).click();
    await expect.element(noAllergies).not.toBeInTheDocument();
  });
});

describe('the emergency contacts form', () => {
  test('starts with the one contact it needs, which cannot be removed while it is the only one', async () => {
    const screen = await renderSection('emergency_content', 'gb');
    await expect.element(screen.getByRole('heading', { name: 'Emergency contact 1' })).toBeVisible();
    await expect.element(screen.getByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();

    await screen.getByRole('button', { name: 'Add an emergency contact' }).click();
    await expect.element(screen.getByRole('button', { name: 'Remove Emergency contact 2' })).toBeVisible();
    await expect.element(screen.getByRole('button', { name: 'Remove Emergency contact 1' })).toBeVisible();
  });

  test('a malformed phone and e-mail are named in the summary by the contact they belong to', async () => {
    const screen = await renderSection('emergency_content', 'gb');
    await screen.getByRole('textbox', { name: 'Full name' }).fill('Li Wei');
    await screen.getByRole('combobox', { name: 'Relationship to you' }).selectOptions('Spouse');
    await screen.getByRole('textbox', { name: 'Phone', exact: true }).fill('12345');
    await screen.getByRole('textbox', { name: 'E-mail address (optional)' }).fill('li.wei@');
    await screen.getByRole('button', { name: 'Save and continue' }).click();

    const links = [
      'Emergency contact 1 – Phone: Enter a phone number as you dial it, for example 07700 900123, or with its country code, for example +44 7700 900123.',
      'Emergency contact 1 – E-mail address: Enter an e-mail address like name@example.com.',
    ];
    for (const name of links) await expect.element(screen.getByRole('link', { name })).toBeVisible();
    await expect.element(screen.getByRole('link', { name: /Full name/ })).not.toBeInTheDocument();
    await expectNoAxeViolations(screen.container);
  });
});

describe('the contact form', () => {
  async function fillContact(
    screen: Awaited<ReturnType<typeof renderSection>>,
    country: string,
    mobile: string,
  ) {
    await screen.getByRole('textbox', { name: 'Mobile phone' }).fill(mobile);
    await screen.getByRole('textbox', { name: 'E-mail address' }).fill('ada@example.com');
    await screen.getByRole('textbox', { name: 'Address line 1' }).fill('1 High Street');
    await screen.getByRole('textbox', { name: 'Town or city' }).fill('Bristol');
    await screen.getByRole('textbox', { name: 'Postcode or ZIP code' }).fill('BS1 1AA');
    await screen.getByRole('combobox', { name: 'Country' }).selectOptions(country);
    await screen.getByRole('radio', { name: 'Call my mobile' }).click();
    await screen.getByRole('button', { name: 'Save and continue' }).click();
  }

  test('takes a mobile number as dialled in the United Kingdom when the address is there', async () => {
    const screen = await renderSection('contact', 'gb');
    await fillContact(screen, 'United Kingdom', '07700 900123');
    // Checked and on its way to the server: no summary, the number not marked.
    await expect.element(screen.getByRole('alert')).toBeVisible();
    await expect
      .element(screen.getByRole('heading', { name: 'Please check these answers' }))
      .not.toBeInTheDocument();
    await expect
      .element(screen.getByRole('textbox', { name: 'Mobile phone' }))
      .not.toHaveAttribute('aria-invalid');
  });

  test('names a number that is none of the address country at its field', async () => {
    const screen = await renderSection('contact', 'gb');
    await fillContact(screen, 'United States', '07700 900123');
    const mobile = screen.getByRole('textbox', { name: 'Mobile phone' });
    await expect.element(mobile).toHaveAttribute('aria-invalid', 'true');
    await expect
      .element(mobile)
      .toHaveAccessibleDescription(expect.stringContaining('Enter a phone number as you dial it'));
    await expectNoAxeViolations(screen.container);
  });
});

import { describe, expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import { renderScreen } from '../../../../testing/render-screen.tsx';
import { CoverageForm } from '../../../../src/features/intake/insurance/CoverageForm.tsx';

// No coverage saved yet, under the key a signed-out screen asks for: the form fetches nothing.
const NO_COVERAGES = [[['intake', '', 'coverages'], []]] as const;

/** A new coverage's form, its policyholder prefilled with the patient's name as known so far. */
const newCoverageForm = (patientName: string) => (
  <CoverageForm
    freeTypes={['commercial', 'medicare']}
    prefill={{
      insurance_type: '',
      subscriber_name: patientName,
      subscriber_relationship: 'self',
      primary: true,
    }}
    onSaved={() => {}}
    onCancel={() => {}}
  />
);

describe('a new coverage opened before the patient’s name has loaded', () => {
  test('takes the name as policyholder when it arrives', async () => {
    const screen = await renderScreen(newCoverageForm(''), { data: NO_COVERAGES });
    const policyholder = screen.getByRole('textbox', { name: 'Policyholder' });
    await expect.element(policyholder).toHaveValue('');

    await screen.rerender(newCoverageForm('Ada Lovelace'));
    await expect.element(policyholder).toHaveValue('Ada Lovelace');
  });

  test('keeps a policyholder the patient typed in the meantime', async () => {
    const screen = await renderScreen(newCoverageForm(''), { data: NO_COVERAGES });
    const policyholder = screen.getByRole('textbox', { name: 'Policyholder' });
    await userEvent.fill(policyholder, 'Grace Hopper');

    await screen.rerender(newCoverageForm('Ada Lovelace'));
    await expect.element(policyholder).toHaveValue('Grace Hopper');
  });

  test('leaves the policyholder empty when someone else holds the policy', async () => {
    const screen = await renderScreen(newCoverageForm(''), { data: NO_COVERAGES });
    await screen
      .getByRole('combobox', { name: 'Your relationship to the policyholder' })
      .selectOptions('spouse');

    await screen.rerender(newCoverageForm('Ada Lovelace'));
    await expect.element(screen.getByRole('textbox', { name: 'Policyholder' })).toHaveValue('');
  });
});

import { describe, expect, test } from 'vitest';
import { ageOn, ProfileSummary } from '../../../../src/features/clinic/chart/ProfileSummary.tsx';
import { expectNoAxeViolations } from '../../../../testing/axe.ts';
import { renderScreen } from '../../../../testing/render-screen.tsx';

// What the server sends front desk without read_chart: identity only, no sex or gender.
const IDENTITY = { first_name: 'Margaret', last_name: 'Smith', date_of_birth: '1948-03-12' };
const FRONT_DESK = { email: 'frank.desk@clinic.example', auths: ['manage_users'] } as const;
const CLINICIAN = { email: 'casey.clinician@clinic.example', auths: ['read_chart'] } as const;

describe('the chart’s profile card', () => {
  test.each([
    ['cn', '不可见（需要“查看患者病历”权限）', '未提供'],
    ['gb', 'Withheld (needs “Read patient charts”)', 'Not given'],
  ] as const)(
    'says a value withheld from the viewer is withheld, not left blank (%s)',
    async (locale, withheld, notGiven) => {
      const frontDesk = await renderScreen(<ProfileSummary profile={IDENTITY} />, {
        locale,
        staff: FRONT_DESK,
      });
      await expect.element(frontDesk.getByText(withheld).first()).toBeVisible();
      expect(frontDesk.container.textContent?.split(withheld)).toHaveLength(3);
      await expectNoAxeViolations(frontDesk.container);
      const clinician = await renderScreen(<ProfileSummary profile={IDENTITY} />, {
        locale,
        staff: CLINICIAN,
      });
      await expect.element(clinician.getByText(notGiven).first()).toBeVisible();
      expect(clinician.getByText(notGiven).elements().length).toBeGreaterThan(0);
      expect(clinician.container.textContent).not.toContain(withheld);
    },
  );

  test('shows the age beside the date of birth', async () => {
    const screen = await renderScreen(<ProfileSummary profile={IDENTITY} />, { staff: CLINICIAN });
    const age = ageOn(IDENTITY.date_of_birth, new Date());
    await expect.element(screen.getByRole('heading', { name: 'Profile' })).toBeVisible();
    expect(screen.container.textContent).toContain(`12 Mar 1948 (${age})`);
    expect(ageOn('1948-11-29', new Date('2026-11-28T12:00:00'))).toBe(77);
    expect(ageOn('1948-11-28', new Date('2026-11-28T12:00:00'))).toBe(78);
  });
});

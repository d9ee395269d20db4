import { afterEach, describe, expect, test } from 'vitest';
import { setActingFor } from '../../../src/api/acting-for.ts';
import WelcomePage from '../../../src/features/welcome/WelcomePage.tsx';
import { actForMargaret } from '../../../testing/acting-for.ts';
import { renderScreen } from '../../../testing/render-screen.tsx';

describe('the home page while acting for a patient', () => {
  afterEach(() => setActingFor(null));

  test.each([
    ['gb', "Margaret's tasks", "before Margaret's first visit"],
    ['cn', 'Margaret的任务', 'Margaret首次就诊前'],
  ] as const)('names the patient in the cards, not "your" (%s)', async (locale, tasks, intake) => {
    const screen = await renderScreen(<WelcomePage />, {
      locale,
      data: [actForMargaret(['view_intake'])],
    });
    await expect.element(screen.getByRole('heading', { name: tasks })).toBeInTheDocument();
    await expect.element(screen.getByText(intake, { exact: false })).toBeVisible();
    expect(screen.container.textContent).not.toMatch(/your first visit|您的任务/);
  });
});

import { describe, expect, it } from 'vitest';
import { INTAKE_RESOURCES } from '../../src/schemas/intake.ts';
import { INTAKE_RESOURCE_NAMES, intakeStatus } from '../../src/schemas/intake-status.ts';

describe('the intake status, apart from the intake forms', () => {
  it('names exactly the resources that have a form schema, in their order', () => {
    expect(INTAKE_RESOURCE_NAMES).toEqual(Object.keys(INTAKE_RESOURCES));
  });

  it('refuses a status with a section the intake does not have', () => {
    const section = { complete: true, has_draft: false, updated_at: null };
    const status = {
      sections: Object.fromEntries([...INTAKE_RESOURCE_NAMES, 'insurance'].map((name) => [name, section])),
      no_insurance: false,
      submitted_at: null,
      complete: true,
      review: { stage: 'not_submitted', open_sections: [], reviewed_at: null },
    };
    expect(intakeStatus.safeParse(status).success).toBe(true);
    expect(
      intakeStatus.safeParse({ ...status, sections: { ...status.sections, allergies: section } }).success,
    ).toBe(false);
  });
});

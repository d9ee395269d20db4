import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bundle, Resource } from '@medplum/fhirtypes';
import { INTAKE_RESOURCE_NAMES } from '@portal/protocol';
import { type PortalClient } from '@portal/protocol/testing';
import { DEMO_PATIENT, startTestPortal, type TestPortal } from '../../../testing/test-portal.ts';
import { SAMPLE_COVERAGE, SAMPLE_INTAKE } from '../../../testing/intake-samples.ts';
import { validateFhir } from '../../../testing/fhir-validator.ts';
import { answersTotalling, saveAssessment, submission } from '../../../testing/assessment.ts';
import { addPatient } from '../../../testing/documents.ts';

let t: TestPortal;
let patient: PortalClient;
beforeAll(async () => {
  t = await startTestPortal();
  patient = await t.signedIn(DEMO_PATIENT.email, DEMO_PATIENT.password);
});
afterAll(() => t.close());

describe('FHIR export', () => {
  it('exports a sparse record (a new account, nothing filled in) as a valid Bundle', async () => {
    const bundle = await (await addPatient(t)).client.get<Bundle>('/patient/export/fhir/');
    expect(() => validateFhir(bundle)).not.toThrow();
    expect(bundle.entry?.map((e) => e.resource?.resourceType)).toEqual(['Patient']);
  });

  it('exports the whole intake as valid FHIR R4 resources that reference the patient', async () => {
    for (const name of INTAKE_RESOURCE_NAMES) {
      const { version } = await patient.get<{ version: number }>(`/patient/${name}/`);
      await patient.post(`/patient/${name}/`, { version, value: SAMPLE_INTAKE[name] }, { encrypt: true });
    }
    await patient.post('/patient/insurance/', { version: 0, value: SAMPLE_COVERAGE }, { encrypt: true });
    expect((await saveAssessment(patient, submission(answersTotalling(85)))).status).toBe(200);

    const bundle = await patient.get<Bundle>('/patient/export/fhir/');
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
    const resources = (bundle.entry ?? []).map((e) => e.resource as Resource);
    for (const resource of resources) {
      expect(() => validateFhir(resource), JSON.stringify(resource)).not.toThrow();
    }
    expect(() => validateFhir(bundle)).not.toThrow();

    const types = resources.map((r) => r.resourceType);
    expect(types.filter((type) => type === 'QuestionnaireResponse')).toHaveLength(1);
    for (const type of [
      'Patient',
      'RelatedPerson',
      'Practitioner',
      'PractitionerRole',
      'Coverage',
      'Condition',
      'Procedure',
      'AllergyIntolerance',
      'MedicationStatement',
      'Device',
      'Observation',
    ]) {
      expect(types, type).toContain(type);
    }
    const patientEntry = bundle.entry!.find((e) => e.resource?.resourceType === 'Patient')!;
    expect(patientEntry.resource).toMatchObject({
      birthDate: '1958-04-12',
      gender: 'female',
      name: [
        { family: 'Example', given: ['Pat'] },
        { use: 'usual', given: ['Patsy'] },
      ],
    });
    const coverage = resources.find((r) => r.resourceType === 'Coverage');
    expect(coverage).toMatchObject({
      subscriberId: '1EG4-TE5-MK73',
      beneficiary: { reference: `Patient/${patientEntry.resource!.id}` },
      order: 1,
    });
    // Decision 0036: ids come from the rows, and each entry's fullUrl is its address in the FHIR API.
    expect(patientEntry.fullUrl).toBe(
      `${t.portal.ctx.config.publicUrl}/fhir/R4/Patient/${patientEntry.resource!.id}`,
    );
    expect(coverage!.id).toBe(`${patientEntry.resource!.id}-coverage-${SAMPLE_COVERAGE.insurance_type}`);
    const again = await patient.get<Bundle>('/patient/export/fhir/');
    expect(again.entry!.map((e) => e.fullUrl)).toEqual(bundle.entry!.map((e) => e.fullUrl));
  });

  // The validator checks structure (types, cardinality, unknown properties), not value-set bindings.
  it.each([
    [{ resourceType: 'Patient', birthDate: 'soon' }, /Invalid date format/],
    [{ resourceType: 'Patient', colour: 'blue' }, /Invalid additional property/],
    [{ resourceType: 'Coverage', status: 'active' }, /Missing required property \(Coverage.beneficiary\)/],
  ])('refuses a malformed resource (%j), so the checks above can fail', (resource, message) => {
    expect(() => validateFhir(resource as unknown as Resource)).toThrow(message);
  });
});

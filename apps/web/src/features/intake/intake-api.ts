import {
  cardContent,
  coverageState,
  intakeStatus,
  resourceState,
  type CardSide,
  type Coverage,
  type IntakeResourceName,
  type IntakeStatus,
} from '@portal/protocol';
import { apiRequest } from '../../api/client.ts';

// protocol.md §10 "Intake": every answer is sealed and every body carrying PHI is sent as a
// sealed envelope; the API client does both. Answers are checked with the protocol's schemas
// so the screens work with typed values.

export type ResourceState = ReturnType<typeof resourceState.parse>;
export type CoverageState = ReturnType<typeof coverageState.parse>;
export type CardImage = ReturnType<typeof cardContent.parse>;
export type InsuranceTypeName = Coverage['insurance_type'];
export type CardSideName = (typeof CardSide.options)[number];

const coverageList = coverageState.array();

export async function fetchResource(name: IntakeResourceName): Promise<ResourceState> {
  return resourceState.parse(await apiRequest({ method: 'GET', path: `/patient/${name}/` }));
}

/** `version` is the one the edit started from: a save over a newer one answers 10409. */
export async function saveResource(
  name: IntakeResourceName,
  body: { version: number; draft: boolean; value: unknown },
): Promise<ResourceState> {
  return resourceState.parse(
    await apiRequest({
      method: 'POST',
      path: `/patient/${name}/`,
      body,
      encryptBody: true,
      // A draft is saved in the background: no progress bar, and a dropped connection is
      // reported beside the form rather than by leaving the page for the network-issue screen.
      progress: !body.draft,
      reportNetwork: !body.draft,
    }),
  );
}

export async function fetchCoverages(): Promise<CoverageState[]> {
  return coverageList.parse(await apiRequest({ method: 'GET', path: '/patient/insurance/' }));
}

/** `value` is checked with `coverageSchema` before it is sent; the server checks it again. */
export async function saveCoverage(body: { version: number; value: unknown }): Promise<CoverageState[]> {
  return coverageList.parse(
    await apiRequest({ method: 'POST', path: '/patient/insurance/', body, encryptBody: true }),
  );
}

export async function deleteCoverage(insuranceType: InsuranceTypeName): Promise<CoverageState[]> {
  return coverageList.parse(
    await apiRequest({
      method: 'POST',
      path: '/patient/insurance/delete/',
      body: { insurance_type: insuranceType },
      encryptBody: true,
    }),
  );
}

export async function uploadCard(body: {
  insurance_type: InsuranceTypeName;
  side: CardSideName;
  content_base64: string;
}): Promise<CoverageState[]> {
  return coverageList.parse(
    await apiRequest({ method: 'POST', path: '/patient/insurance/card/', body, encryptBody: true }),
  );
}

export async function fetchCard(insuranceType: InsuranceTypeName, side: CardSideName): Promise<CardImage> {
  return cardContent.parse(
    await apiRequest({
      method: 'GET',
      path: '/patient/insurance/card/',
      query: { insurance_type: insuranceType, side },
    }),
  );
}

export async function submitIntake(noInsurance: boolean): Promise<IntakeStatus> {
  return intakeStatus.parse(
    await apiRequest({
      method: 'POST',
      path: '/patient/intake/submit/',
      body: { no_insurance: noInsurance },
      encryptBody: true,
    }),
  );
}

/** The FHIR R4 Bundle exactly as the server wrote it; the browser only saves it to a file. */
export async function fetchFhirBundle(): Promise<unknown> {
  return apiRequest({ method: 'GET', path: '/patient/export/fhir/' });
}

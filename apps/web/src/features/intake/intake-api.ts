import {
  base64ToBytes,
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
/** A card side's picture, decoded: what an `<img>` shows through an object URL. */
export interface CardImage {
  blob: Blob;
}
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
  const card = cardContent.parse(
    await apiRequest({
      method: 'GET',
      path: '/patient/insurance/card/',
      query: { insurance_type: insuranceType, side },
    }),
  );
  // Decoded in the task the answer arrives in rather than in the render that shows it: a card
  // photo runs to hundreds of kilobytes, about 10 ms of a slow phone's main thread.
  return { blob: new Blob([base64ToBytes(card.content_base64)], { type: card.mime }) };
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

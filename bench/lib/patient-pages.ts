import { STEPS, type StepId } from '@portal/web/src/features/intake/steps.ts';
import type { FilledPatient } from './filled-patient.ts';

/** One page a patient uses, as the web bench scores it and the first-load budget weighs it. */
export interface PatientPage {
  /** The report's row and the budget's key. */
  name: string;
  /** Path and query, for the patient `fillPatient` made. */
  path(patient: FilledPatient): string;
  signedIn: boolean;
  /**
   * CSS selectors that all match once the page is whole, the parts it loads after its first
   * paint included (the messenger's bubble on every signed-in page, a welcome card's status,
   * the PDF drawn): a run that ends without them measured a page that failed or was not there.
   */
  ready: readonly string[];
}

/** The messenger's bubble: the built-in messenger loads after every signed-in page's first paint. */
const MESSENGER = '.messenger__bubble';

/** What each intake step shows once its saved values are in. */
const INTAKE_READY: Record<StepId, string> = {
  profile: 'form.intake-form',
  contact: 'form.intake-form',
  emergency_content: 'form.intake-form',
  treating_practitioner: 'form.intake-form',
  insurance: 'img.card-thumb',
  medical_history: 'form.intake-form',
  review: '.review .badge--done',
};

/** Every page of spec §2 a patient uses, each intake step on its own (`?step=` is its address). */
export const PATIENT_PAGES: readonly PatientPage[] = [
  { name: 'login', path: () => '/auth/login', signedIn: false, ready: ['input[name="password"]'] },
  { name: 'welcome', path: () => '/welcome', signedIn: true, ready: ['.bf-adl-card__score', MESSENGER] },
  ...STEPS.map((step) => ({
    name: `intake: ${step.slug}`,
    path: () => `/welcome/intake-form?step=${step.slug}`,
    signedIn: true,
    ready: [INTAKE_READY[step.id], MESSENGER],
  })),
  {
    name: 'BF-ADL',
    path: () => '/welcome/bf-adl',
    signedIn: true,
    ready: ['.bf-adl-chart canvas', MESSENGER],
  },
  {
    name: 'documents',
    path: () => '/welcome/documents',
    signedIn: true,
    ready: ['.document-row', MESSENGER],
  },
  {
    name: 'reference documents',
    path: () => '/welcome/reference-documents',
    signedIn: true,
    ready: ['.document-row', MESSENGER],
  },
  {
    name: 'document viewer',
    path: (patient) => `/welcome/documents/${patient.signedDocumentId}`,
    signedIn: true,
    ready: ['.pdf-viewer__page', MESSENGER],
  },
  {
    name: 'signing',
    path: (patient) => `/welcome/documents/${patient.pendingDocumentId}`,
    signedIn: true,
    ready: ['.pdf-viewer__page', '[data-testid="signature-pad"]', MESSENGER],
  },
  // The reply e-mail's link: the welcome page with the conversation open (MessengerHost).
  {
    name: 'messenger open',
    path: () => '/welcome?chat=open',
    signedIn: true,
    ready: ['.messenger__panel .message'],
  },
  { name: 'account', path: () => '/account', signedIn: true, ready: ['.account-sessions', MESSENGER] },
];

import { describe, expect, it } from 'vitest';
import { AUTHS } from '../src/schemas/admin-users.ts';
import { AUDIT_ACTIONS } from '../src/schemas/audit-vocabulary.ts';
import { Locale } from '../src/schemas/auth.ts';
import { CAREGIVER_SCOPES } from '../src/schemas/caregiver-terms.ts';
import { CHART_SECTIONS } from '../src/schemas/clinic-chart.ts';
import { DOCUMENT_EVENT_ACTIONS, DocumentStatus } from '../src/schemas/document-status.ts';
import { IntakeSection } from '../src/schemas/intake-status.ts';
import { VOCABULARY, type Vocabulary } from '../src/vocabulary/index.ts';

/** Each table of a language's vocabulary, with the values the protocol lists for it at run time. */
const TABLES: [string, readonly string[], (words: Vocabulary) => Readonly<Record<string, string>>][] = [
  ['document statuses (patient)', DocumentStatus.options, (w) => w.documentStatus.patient],
  ['document statuses (acting)', DocumentStatus.options, (w) => w.documentStatus.acting],
  ['document statuses (staff)', DocumentStatus.options, (w) => w.documentStatus.staff],
  ['document events', DOCUMENT_EVENT_ACTIONS, (w) => w.documentEvent],
  ['audit actions', AUDIT_ACTIONS, (w) => w.auditAction],
  ['intake sections', IntakeSection.options, (w) => w.intakeSection],
  ['chart sections', CHART_SECTIONS, (w) => w.chartSection],
  ['caregiver scopes', CAREGIVER_SCOPES, (w) => w.caregiverScope],
  ['staff permissions', AUTHS, (w) => w.staffPermission],
];

describe.each(Locale.options)('the %s vocabulary', (locale) => {
  it.each(TABLES)(
    'has a word for every one of the %s and none for a value not listed',
    (_, values, table) => {
      const words = table(VOCABULARY[locale]);
      expect(values.filter((value) => !words[value]?.trim())).toEqual([]);
      expect(Object.keys(words).filter((key) => !values.includes(key))).toEqual([]);
    },
  );
});

describe('the document statuses', () => {
  it('read exactly as spec §4 for the patient', () => {
    expect(DocumentStatus.options.map((status) => VOCABULARY.gb.documentStatus.patient[status])).toEqual([
      'In Progress',
      'Submitted',
      'Awaiting Your Signature',
      'Signed',
      'Completed',
      'Rejected',
      'Expired',
      'Cancelled',
    ]);
  });
});

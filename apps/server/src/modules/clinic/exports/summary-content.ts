import {
  BF_ADL_INSTRUMENT,
  formatPhoneForReading,
  type ChartDocument,
  type Locale,
  type MedicalHistory,
} from '@portal/protocol';
import { VOCABULARY } from '@portal/protocol/vocabulary';
import { definitionOf, type StoredSubmission } from '../../assessment/index.ts';
import { addressLine, type PatientRecord } from '../../patient/index.ts';
import type { SummaryDocument, SummaryLine, SummarySection } from './summary-pdf.ts';
import { fill, SUMMARY_LABELS, type SummaryLabels } from './summary-labels.ts';

export interface SummaryInput {
  locale: Locale;
  record: PatientRecord;
  /** The patient's name as the account holds it, when the profile has none yet. */
  accountName: { first_name: string; last_name: string };
  assessments: StoredSubmission[];
  documents: ChartDocument[];
  printedBy: string;
  printedAt: Date;
}

const TIME_ZONE = 'UTC';
const LANGUAGE_TAG: Record<Locale, string> = { gb: 'en-GB', cn: 'zh-CN' };

/** Names in the reader's order: given-family in gb, family-given in cn; CJK names family first, no space. */
function personName(first: string, last: string, locale: Locale): string {
  const cjk = /^[\p{Script=Han}·\s]+$/u;
  if (cjk.test(first) && cjk.test(last)) return `${last}${first}`;
  return locale === 'cn' ? `${last} ${first}` : `${first} ${last}`;
}

const humanise = (code: string) => code.replaceAll('_', ' ');
const line = (text: string, alert = false): SummaryLine => ({ text, alert });
const field = (label: string, value: string | number | undefined | null): SummaryLine[] =>
  value === undefined || value === null || value === '' ? [] : [line(`${label}: ${value}`)];
/** Read by the clinic's staff: nationally when the number is of the clinic's country. */
const readablePhone = (e164: string | undefined) => (e164 ? formatPhoneForReading(e164) : undefined);
const orNone = (lines: SummaryLine[], l: SummaryLabels) => (lines.length > 0 ? lines : [line(l.none)]);

function allergyLines(history: MedicalHistory | undefined, l: SummaryLabels): SummaryLine[] {
  if (!history) return [line(l.none)];
  if (history.allergies.length === 0) return [line(history.no_known_allergies ? l.noKnownAllergies : l.none)];
  return history.allergies.map((a) =>
    line(
      fill(l.allergy, {
        substance: a.substance,
        severity: l.severity[a.severity],
        reaction: a.reaction || '—',
      }),
      a.severity === 'severe',
    ),
  );
}

/** The summary's text, section by section, in the staff member's language. */
export function summaryOf(input: SummaryInput): SummaryDocument {
  const { locale, record } = input;
  const l = SUMMARY_LABELS[locale];
  const words = VOCABULARY[locale];
  const tag = LANGUAGE_TAG[locale];
  const day = (date: Date) =>
    new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeZone: TIME_ZONE }).format(date);
  const { profile, contact, emergency, practitioner, history } = record;
  const name = personName(
    profile?.first_name ?? input.accountName.first_name,
    profile?.last_name ?? input.accountName.last_name,
    locale,
  );
  const address = contact?.address ? addressLine(contact.address) : undefined;
  const bands = definitionOf(BF_ADL_INSTRUMENT).bands;
  const band = (id: string) => bands.find((b) => b.id === id)?.label[locale] ?? humanise(id);

  const sections: SummarySection[] = [
    {
      heading: l.sections.patient,
      lines: [
        line(`${l.fields.name}: ${name}`),
        ...field(l.fields.preferredName, profile?.preferred_name),
        ...field(l.fields.dateOfBirth, profile?.date_of_birth),
        ...field(l.fields.sexAtBirth, profile?.sex_at_birth ? l.sexAtBirth[profile.sex_at_birth] : undefined),
        ...field(l.fields.height, profile?.height_cm ? `${profile.height_cm} cm` : undefined),
        ...field(l.fields.weight, profile?.weight_kg ? `${profile.weight_kg} kg` : undefined),
      ],
    },
    // Allergies come first after the patient: what a clinician must not miss.
    { heading: l.sections.allergies, lines: allergyLines(history, l) },
    {
      heading: words.chartSection.contact,
      lines: orNone(
        [
          ...field(l.fields.mobile, readablePhone(contact?.mobile_phone)),
          ...field(l.fields.phone, readablePhone(contact?.other_phone)),
          ...field(l.fields.email, contact?.email),
          ...field(l.fields.address, address),
        ],
        l,
      ),
    },
    {
      heading: words.chartSection.emergency_content,
      lines: orNone(
        (emergency?.contacts ?? []).map((c) =>
          line(
            [`${c.name} (${humanise(c.relationship)})`, readablePhone(c.phone), c.email]
              .filter(Boolean)
              .join(' · '),
          ),
        ),
        l,
      ),
    },
    {
      heading: words.chartSection.treating_practitioner,
      lines: practitioner
        ? [
            line(
              [
                practitioner.name,
                practitioner.specialty,
                practitioner.practice,
                readablePhone(practitioner.phone),
                practitioner.email,
              ]
                .filter(Boolean)
                .join(' · '),
            ),
          ]
        : [line(l.none)],
    },
    {
      heading: words.chartSection.insurance,
      lines: orNone(
        record.coverages.map((c) =>
          line(
            [
              c.payer_name,
              c.plan_name,
              `${l.fields.memberId} ${c.member_id}`,
              c.primary ? l.fields.primary : '',
            ]
              .filter(Boolean)
              .join(' · '),
          ),
        ),
        l,
      ),
    },
    {
      heading: l.sections.conditions,
      lines: orNone(
        (history?.conditions ?? []).map((c) => line([c.name, c.since].filter(Boolean).join(', '))),
        l,
      ),
    },
    {
      heading: l.sections.surgeries,
      lines: orNone(
        (history?.surgeries ?? []).map((s) => line([s.name, s.date].filter(Boolean).join(', '))),
        l,
      ),
    },
    {
      heading: l.sections.medications,
      lines: orNone(
        (history?.medications ?? []).map((m) =>
          line([m.name, m.dose, m.frequency].filter(Boolean).join(', ')),
        ),
        l,
      ),
    },
    {
      heading: l.sections.mobility,
      lines: [
        ...orNone(
          [
            ...(history?.mobility_aids ?? []).map((aid) => line(humanise(aid))),
            ...(history?.devices ?? []).map((d) => line([d.name, d.notes].filter(Boolean).join(', '))),
          ],
          l,
        ),
        ...field(l.fields.smoking, history ? l.smoking[history.smoking] : undefined),
        ...field(l.fields.notes, history?.notes),
      ],
    },
    {
      heading: l.sections.bfAdl,
      lines:
        input.assessments.length === 0
          ? [line(l.notAnswered)]
          : [...input.assessments]
              .reverse()
              .map((s) =>
                line(fill(l.score, { date: day(s.submittedAt), score: s.score, band: band(s.band) })),
              ),
    },
    {
      heading: words.chartSection.documents,
      lines: orNone(
        input.documents.flatMap((d) => [
          line(`${d.title}: ${words.documentStatus.staff[d.status]} (${day(new Date(d.updated_at))})`),
          ...(d.rejection_reason ? [line(`  ${l.fields.reason}: ${d.rejection_reason}`)] : []),
        ]),
        l,
      ),
    },
  ];
  const when = new Intl.DateTimeFormat(tag, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: TIME_ZONE,
  }).format(input.printedAt);
  return {
    title: `${l.title}: ${name}`,
    subtitle: fill(l.generated, { when: `${when} UTC`, who: input.printedBy }),
    sections,
    pageLabel: (page, pages) => fill(l.page, { page, pages }),
    language: tag,
  };
}

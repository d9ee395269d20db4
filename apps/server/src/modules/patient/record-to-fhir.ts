import { randomUUID } from 'node:crypto';
import type {
  Address,
  AllergyIntolerance,
  BundleEntry,
  CodeableConcept,
  ContactPoint,
  Condition,
  Coverage as FhirCoverage,
  Device,
  MedicationStatement,
  Observation,
  Patient,
  Practitioner,
  PractitionerRole,
  Procedure,
  Reference,
  RelatedPerson,
  Resource,
} from '@medplum/fhirtypes';
import type { Contact, Coverage, MedicalHistory, Profile } from '@portal/protocol';
import type { PatientRecord } from './load-patient-record.ts';

const SNOMED = 'http://snomed.info/sct';
const LOINC = 'http://loinc.org';

const GENDER: Record<Profile['sex_at_birth'], Patient['gender']> = {
  female: 'female',
  male: 'male',
  intersex: 'other',
  not_disclosed: 'unknown',
};
const SMOKING: Record<MedicalHistory['smoking'], { code: string; display: string }> = {
  never: { code: '266919005', display: 'Never smoked tobacco' },
  former: { code: '8517006', display: 'Ex-smoker' },
  current: { code: '77176002', display: 'Smoker' },
  not_disclosed: { code: '266927001', display: 'Tobacco smoking consumption unknown' },
};
const actCode = (code: string, display: string, label: string): CodeableConcept => ({
  coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code, display }],
  text: label,
});
const COVERAGE_TYPE: Record<Coverage['insurance_type'], CodeableConcept> = {
  commercial: actCode('EHCPOL', 'extended healthcare', 'Commercial'),
  medicare: actCode('PUBLICPOL', 'public healthcare', 'Medicare'),
  medicaid: actCode('PUBLICPOL', 'public healthcare', 'Medicaid'),
  other: { text: 'Other' },
};

const text = (value: string): CodeableConcept => ({ text: value });

function address(a: Contact['address'] | undefined): Address[] | undefined {
  if (!a) return undefined;
  return [
    {
      line: [a.line1, a.line2].filter((l): l is string => Boolean(l)),
      city: a.city,
      state: a.region,
      postalCode: a.postal_code,
      country: a.country,
    },
  ];
}

function telecom(
  entries: Array<[ContactPoint['system'], ContactPoint['use'], string | undefined]>,
): ContactPoint[] {
  return entries.filter(([, , value]) => value).map(([system, use, value]) => ({ system, use, value }));
}

/** Builds the bundle; each resource gets a urn:uuid so entries can reference each other. */
export class BundleBuilder {
  readonly entries: BundleEntry[] = [];

  add<T extends Resource>(resource: T): Reference<T> {
    const id = randomUUID();
    this.entries.push({ fullUrl: `urn:uuid:${id}`, resource: { ...resource, id } });
    return { reference: `urn:uuid:${id}` };
  }
}

type Section<K extends keyof PatientRecord> = NonNullable<PatientRecord[K]>;
type MedicalHistorySection = Section<'history'>;

/**
 * The one mapping of a patient's record to FHIR R4, for the patient's export and the clinic's:
 * adds the record's resources to `b` and answers the Patient they refer to.
 */
export function addRecordResources(b: BundleBuilder, record: PatientRecord): Reference<Patient> {
  const patient = addPatient(b, record);
  if (record.profile) addBodyMeasurements(b, patient, record.profile);
  for (const person of record.emergency?.contacts ?? []) addEmergencyContact(b, patient, person);
  if (record.practitioner) addPractitioner(b, record.practitioner);
  for (const coverage of record.coverages) addCoverage(b, patient, coverage);
  if (record.history) {
    for (const addHistory of MEDICAL_HISTORY_RESOURCES) addHistory(b, patient, record.history);
  }
  return patient;
}

function addPatient(b: BundleBuilder, { profile, contact }: PatientRecord): Reference<Patient> {
  return b.add<Patient>({
    resourceType: 'Patient',
    active: true,
    name: profile && [
      {
        use: 'official',
        family: profile.last_name,
        given: profile.first_name ? [profile.first_name] : undefined,
      },
      ...(profile.preferred_name ? [{ use: 'usual' as const, given: [profile.preferred_name] }] : []),
    ],
    gender: profile?.sex_at_birth && GENDER[profile.sex_at_birth],
    birthDate: profile?.date_of_birth,
    telecom:
      contact &&
      telecom([
        ['phone', 'mobile', contact.mobile_phone],
        ['phone', 'home', contact.other_phone],
        ['email', 'home', contact.email],
      ]),
    address: address(contact?.address),
    communication: profile?.preferred_language
      ? [
          {
            language: { coding: [{ system: 'urn:ietf:bcp:47', code: profile.preferred_language }] },
            preferred: true,
          },
        ]
      : undefined,
  });
}

function addObservation(
  b: BundleBuilder,
  patient: Reference<Patient>,
  code: string,
  display: string,
  value: Partial<Observation>,
): void {
  b.add<Observation>({
    resourceType: 'Observation',
    status: 'final',
    code: { coding: [{ system: LOINC, code, display }] },
    subject: patient,
    ...value,
  });
}

const quantity = (value: number, unit: string): Observation['valueQuantity'] => ({
  value,
  unit,
  system: 'http://unitsofmeasure.org',
  code: unit,
});

function addBodyMeasurements(
  b: BundleBuilder,
  patient: Reference<Patient>,
  profile: Section<'profile'>,
): void {
  if (profile.height_cm) {
    addObservation(b, patient, '8302-2', 'Body height', { valueQuantity: quantity(profile.height_cm, 'cm') });
  }
  if (profile.weight_kg) {
    addObservation(b, patient, '29463-7', 'Body weight', {
      valueQuantity: quantity(profile.weight_kg, 'kg'),
    });
  }
}

function addEmergencyContact(
  b: BundleBuilder,
  patient: Reference<Patient>,
  person: Section<'emergency'>['contacts'][number],
): void {
  b.add<RelatedPerson>({
    resourceType: 'RelatedPerson',
    patient,
    relationship: [
      {
        coding: [
          {
            system: 'http://terminology.hl7.org/CodeSystem/v2-0131',
            code: 'C',
            display: 'Emergency Contact',
          },
        ],
      },
      text(person.relationship),
    ],
    name: [{ text: person.name }],
    telecom: telecom([
      ['phone', 'mobile', person.phone],
      ['phone', 'home', person.other_phone],
      ['email', 'home', person.email],
    ]),
  });
}

function addPractitioner(b: BundleBuilder, practitioner: Section<'practitioner'>): void {
  const ref = b.add<Practitioner>({
    resourceType: 'Practitioner',
    name: [{ text: practitioner.name }],
    telecom: telecom([
      ['phone', 'work', practitioner.phone],
      ['fax', 'work', practitioner.fax],
      ['email', 'work', practitioner.email],
    ]),
    address: address(practitioner.address),
  });
  if (practitioner.specialty || practitioner.practice) {
    b.add<PractitionerRole>({
      resourceType: 'PractitionerRole',
      practitioner: ref,
      organization: practitioner.practice ? { display: practitioner.practice } : undefined,
      specialty: practitioner.specialty ? [text(practitioner.specialty)] : undefined,
    });
  }
}

const coverageClass = (
  code: 'group' | 'plan',
  value: string | undefined,
): NonNullable<FhirCoverage['class']> =>
  value
    ? [
        {
          type: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/coverage-class', code }] },
          value,
        },
      ]
    : [];

function addCoverage(b: BundleBuilder, patient: Reference<Patient>, coverage: Coverage): void {
  b.add<FhirCoverage>({
    resourceType: 'Coverage',
    status: 'active',
    type: COVERAGE_TYPE[coverage.insurance_type],
    subscriberId: coverage.member_id,
    subscriber: { display: coverage.subscriber_name },
    beneficiary: patient,
    relationship: {
      coding: [
        {
          system: 'http://terminology.hl7.org/CodeSystem/subscriber-relationship',
          code: coverage.subscriber_relationship,
        },
      ],
    },
    period:
      coverage.effective_from || coverage.effective_to
        ? { start: coverage.effective_from, end: coverage.effective_to }
        : undefined,
    payor: [{ display: coverage.payer_name }],
    order: coverage.primary ? 1 : 2,
    class: [...coverageClass('group', coverage.group_number), ...coverageClass('plan', coverage.plan_name)],
  });
}

const note = (notes: string | undefined) => (notes ? [{ text: notes }] : undefined);

function addConditions(b: BundleBuilder, patient: Reference<Patient>, history: MedicalHistorySection): void {
  const active = {
    coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-clinical', code: 'active' }],
  };
  for (const condition of history.conditions) {
    b.add<Condition>({
      resourceType: 'Condition',
      clinicalStatus: active,
      code: text(condition.name),
      subject: patient,
      onsetDateTime: condition.since,
      note: note(condition.notes),
    });
  }
}

function addProcedures(b: BundleBuilder, patient: Reference<Patient>, history: MedicalHistorySection): void {
  for (const surgery of history.surgeries) {
    b.add<Procedure>({
      resourceType: 'Procedure',
      status: 'completed',
      code: text(surgery.name),
      subject: patient,
      performedDateTime: surgery.date,
      note: note(surgery.notes),
    });
  }
}

function addMedications(b: BundleBuilder, patient: Reference<Patient>, history: MedicalHistorySection): void {
  for (const medication of history.medications) {
    const dosage = [medication.dose, medication.frequency].filter(Boolean).join(', ');
    b.add<MedicationStatement>({
      resourceType: 'MedicationStatement',
      status: 'active',
      medicationCodeableConcept: text(medication.name),
      subject: patient,
      dosage: dosage ? [{ text: dosage }] : undefined,
    });
  }
}

function addAllergies(b: BundleBuilder, patient: Reference<Patient>, history: MedicalHistorySection): void {
  const clinicalStatus = {
    coding: [{ system: 'http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical', code: 'active' }],
  };
  for (const allergy of history.allergies) {
    b.add<AllergyIntolerance>({
      resourceType: 'AllergyIntolerance',
      clinicalStatus,
      code: text(allergy.substance),
      patient,
      reaction: [
        {
          manifestation: [text(allergy.reaction ?? 'Not recorded')],
          severity: allergy.severity === 'unknown' ? undefined : allergy.severity,
        },
      ],
    });
  }
  if (history.no_known_allergies && history.allergies.length === 0) {
    b.add<AllergyIntolerance>({
      resourceType: 'AllergyIntolerance',
      clinicalStatus,
      code: { coding: [{ system: SNOMED, code: '716186003', display: 'No known allergy' }] },
      patient,
    });
  }
}

function addDevices(b: BundleBuilder, patient: Reference<Patient>, history: MedicalHistorySection): void {
  for (const aid of history.mobility_aids) {
    b.add<Device>({ resourceType: 'Device', type: text(aid.replaceAll('_', ' ')), patient });
  }
  for (const device of history.devices) {
    b.add<Device>({ resourceType: 'Device', type: text(device.name), patient, note: note(device.notes) });
  }
}

function addSmokingStatus(
  b: BundleBuilder,
  patient: Reference<Patient>,
  history: MedicalHistorySection,
): void {
  addObservation(b, patient, '72166-2', 'Tobacco smoking status', {
    valueCodeableConcept: { coding: [{ system: SNOMED, ...SMOKING[history.smoking] }] },
  });
}

/** The medical history's resources, in the order the bundle lists them. */
const MEDICAL_HISTORY_RESOURCES = [
  addConditions,
  addProcedures,
  addMedications,
  addAllergies,
  addDevices,
  addSmokingStatus,
] as const;

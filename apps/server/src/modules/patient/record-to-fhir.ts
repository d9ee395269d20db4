import type {
  Address,
  AllergyIntolerance,
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
import type { PatientRecord, RecordUpdates } from './load-patient-record.ts';

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

/** A resource with the stable id the API and every export give it (decision 0036). */
type Identified<T extends Resource> = T & { id: string };

/**
 * The resources of one patient's record, in the order the export lists them. Ids come from the
 * rows (decision 0036), so a reference is `Type/id` and the API answers the same resources.
 */
export class ResourceList {
  readonly resources: Resource[] = [];

  add<T extends Resource>(resource: Identified<T>): Reference<T> {
    this.resources.push(resource);
    return { reference: `${resource.resourceType}/${resource.id}` };
  }
}

/** `meta.lastUpdated` from the row the resource was built from; none when the row has no time. */
const lastUpdated = (at: Date | undefined): Pick<Resource, 'meta'> =>
  at ? { meta: { lastUpdated: at.toISOString() } } : {};

/** The ids of list entries inside one stored section: owner, kind and place (decision 0036). */
const entryId = (ownerId: string, kind: string, n: number | string) => `${ownerId}-${kind}-${n}`;

/** How the record's Patient is identified outside FHIR ids: the portal's account id. */
export const patientIdentifierSystem = (publicUrl: string) => `${publicUrl}/patient-id`;

interface Owner {
  id: string;
  identifierSystem: string;
  updated: RecordUpdates;
}

type Section<K extends keyof PatientRecord> = NonNullable<PatientRecord[K]>;
type MedicalHistorySection = Section<'history'>;

/**
 * The one mapping of a patient's record to FHIR R4, for the patient's export and the clinic's:
 * adds the record's resources to `b` and answers the Patient they refer to.
 */
export function addRecordResources(
  b: ResourceList,
  record: PatientRecord,
  ownerId: string,
  publicUrl: string,
): Reference<Patient> {
  const owner: Owner = {
    id: ownerId,
    identifierSystem: patientIdentifierSystem(publicUrl),
    updated: record.updated,
  };
  const patient = addPatient(b, record, owner);
  if (record.profile) addBodyMeasurements(b, patient, record.profile, owner);
  record.emergency?.contacts.forEach((person, n) => addEmergencyContact(b, patient, person, owner, n));
  if (record.practitioner) addPractitioner(b, record.practitioner, owner);
  record.coverages.forEach((coverage, n) =>
    addCoverage(b, patient, coverage, owner, record.updated.coverages[n]),
  );
  if (record.history) {
    for (const addHistory of MEDICAL_HISTORY_RESOURCES) addHistory(b, patient, record.history, owner);
  }
  return patient;
}

const newest = (...times: (Date | undefined)[]) =>
  times.reduce<Date | undefined>((a, t) => (t && (!a || t > a) ? t : a), undefined);

function addPatient(b: ResourceList, { profile, contact }: PatientRecord, owner: Owner): Reference<Patient> {
  return b.add<Patient>({
    resourceType: 'Patient',
    id: owner.id,
    ...lastUpdated(newest(owner.updated.profile, owner.updated.contact)),
    identifier: [{ system: owner.identifierSystem, value: owner.id }],
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
  b: ResourceList,
  patient: Reference<Patient>,
  code: string,
  display: string,
  value: Partial<Observation> & { id: string },
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
  b: ResourceList,
  patient: Reference<Patient>,
  profile: Section<'profile'>,
  owner: Owner,
): void {
  const meta = lastUpdated(owner.updated.profile);
  if (profile.height_cm) {
    addObservation(b, patient, '8302-2', 'Body height', {
      id: `${owner.id}-height`,
      ...meta,
      valueQuantity: quantity(profile.height_cm, 'cm'),
    });
  }
  if (profile.weight_kg) {
    addObservation(b, patient, '29463-7', 'Body weight', {
      id: `${owner.id}-weight`,
      ...meta,
      valueQuantity: quantity(profile.weight_kg, 'kg'),
    });
  }
}

function addEmergencyContact(
  b: ResourceList,
  patient: Reference<Patient>,
  person: Section<'emergency'>['contacts'][number],
  owner: Owner,
  n: number,
): void {
  b.add<RelatedPerson>({
    resourceType: 'RelatedPerson',
    id: entryId(owner.id, 'emergency', n),
    ...lastUpdated(owner.updated.emergency),
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

function addPractitioner(b: ResourceList, practitioner: Section<'practitioner'>, owner: Owner): void {
  const meta = lastUpdated(owner.updated.practitioner);
  const ref = b.add<Practitioner>({
    resourceType: 'Practitioner',
    id: `${owner.id}-practitioner`,
    ...meta,
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
      id: `${owner.id}-practitioner-role`,
      ...meta,
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

function addCoverage(
  b: ResourceList,
  patient: Reference<Patient>,
  coverage: Coverage,
  owner: Owner,
  updatedAt: Date | undefined,
): void {
  b.add<FhirCoverage>({
    resourceType: 'Coverage',
    // A patient holds at most one coverage of each type: the row's key (`insurance:<type>`).
    id: entryId(owner.id, 'coverage', coverage.insurance_type),
    ...lastUpdated(updatedAt),
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

function addConditions(
  b: ResourceList,
  patient: Reference<Patient>,
  history: MedicalHistorySection,
  owner: Owner,
): void {
  const active = {
    coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-clinical', code: 'active' }],
  };
  history.conditions.forEach((condition, n) => {
    b.add<Condition>({
      resourceType: 'Condition',
      id: entryId(owner.id, 'condition', n),
      ...lastUpdated(owner.updated.history),
      clinicalStatus: active,
      code: text(condition.name),
      subject: patient,
      onsetDateTime: condition.since,
      note: note(condition.notes),
    });
  });
}

function addProcedures(
  b: ResourceList,
  patient: Reference<Patient>,
  history: MedicalHistorySection,
  owner: Owner,
): void {
  history.surgeries.forEach((surgery, n) => {
    b.add<Procedure>({
      resourceType: 'Procedure',
      id: entryId(owner.id, 'procedure', n),
      ...lastUpdated(owner.updated.history),
      status: 'completed',
      code: text(surgery.name),
      subject: patient,
      performedDateTime: surgery.date,
      note: note(surgery.notes),
    });
  });
}

function addMedications(
  b: ResourceList,
  patient: Reference<Patient>,
  history: MedicalHistorySection,
  owner: Owner,
): void {
  history.medications.forEach((medication, n) => {
    const dosage = [medication.dose, medication.frequency].filter(Boolean).join(', ');
    b.add<MedicationStatement>({
      resourceType: 'MedicationStatement',
      id: entryId(owner.id, 'medication', n),
      ...lastUpdated(owner.updated.history),
      status: 'active',
      medicationCodeableConcept: text(medication.name),
      subject: patient,
      dosage: dosage ? [{ text: dosage }] : undefined,
    });
  });
}

function addAllergies(
  b: ResourceList,
  patient: Reference<Patient>,
  history: MedicalHistorySection,
  owner: Owner,
): void {
  const clinicalStatus = {
    coding: [{ system: 'http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical', code: 'active' }],
  };
  const meta = lastUpdated(owner.updated.history);
  history.allergies.forEach((allergy, n) => {
    b.add<AllergyIntolerance>({
      resourceType: 'AllergyIntolerance',
      id: entryId(owner.id, 'allergy', n),
      ...meta,
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
  });
  if (history.no_known_allergies && history.allergies.length === 0) {
    b.add<AllergyIntolerance>({
      resourceType: 'AllergyIntolerance',
      id: entryId(owner.id, 'allergy', 'none'),
      ...meta,
      clinicalStatus,
      code: { coding: [{ system: SNOMED, code: '716186003', display: 'No known allergy' }] },
      patient,
    });
  }
}

function addDevices(
  b: ResourceList,
  patient: Reference<Patient>,
  history: MedicalHistorySection,
  owner: Owner,
): void {
  const meta = lastUpdated(owner.updated.history);
  history.mobility_aids.forEach((aid, n) => {
    b.add<Device>({
      resourceType: 'Device',
      id: entryId(owner.id, 'aid', n),
      ...meta,
      type: text(aid.replaceAll('_', ' ')),
      patient,
    });
  });
  history.devices.forEach((device, n) => {
    b.add<Device>({
      resourceType: 'Device',
      id: entryId(owner.id, 'device', n),
      ...meta,
      type: text(device.name),
      patient,
      note: note(device.notes),
    });
  });
}

function addSmokingStatus(
  b: ResourceList,
  patient: Reference<Patient>,
  history: MedicalHistorySection,
  owner: Owner,
): void {
  addObservation(b, patient, '72166-2', 'Tobacco smoking status', {
    id: `${owner.id}-smoking`,
    ...lastUpdated(owner.updated.history),
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

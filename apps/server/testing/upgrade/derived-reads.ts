import {
  BF_ADL_INSTRUMENT,
  DOCUMENT_DUE_SOON_DAYS,
  INTAKE_RESOURCE_NAMES,
  type AssessmentState,
  type AssessmentSummary,
  type ChartAssessments,
  type ClinicAssignment,
  type ClinicThread,
  type DocumentTemplate,
  type Coverage,
  type InboxPage,
  type UserPage,
  type WorklistQueue,
} from '@portal/protocol';
import { assessmentFlag, definitionOf } from '../../src/modules/assessment/index.ts';
import { WORKLIST_ROUTE, type FixtureManifest, type RecordedRead } from './manifest.ts';

const DAY_MS = 24 * 3600_000;

/** A patient the manifest describes, with what its recorded reads say about them. */
interface Described {
  email: string;
  id: string;
  first_name: string;
  last_name: string;
  created_at: string;
  thread_id: string | null;
}

/** The recorded answers of one manifest, looked up by reader, route and query. */
function recordedIn(manifest: FixtureManifest) {
  return <T>(as: string, path: string, query: Record<string, string> = {}): T | undefined => {
    const read = manifest.reads.find(
      (r) => r.as === as && r.path === path && JSON.stringify(r.query ?? {}) === JSON.stringify(query),
    );
    return read?.answer as T | undefined;
  };
}
type Recorded = ReturnType<typeof recordedIn>;

interface Context {
  manifest: FixtureManifest;
  recorded: Recorded;
  /** The clinic administrator who reads (an earlier release's administrators keep every permission). */
  admin: string;
  patients: Described[];
  now: Date;
}

function contextOf(manifest: FixtureManifest, now: Date): Context {
  const recorded = recordedIn(manifest);
  const admin = manifest.accounts.find((a) => a.role === 'admin')!.email;
  const users = recorded<UserPage>(admin, '/admin/users/')!.items;
  const inbox = recorded<InboxPage>(admin, '/admin/messages/')?.items ?? [];
  const patients = users
    .filter((u) => u.roles.includes('user'))
    // Described: the writer read their BF-ADL record (the demo patient of an early release was not).
    .filter((u) => [adminAssessment(u.id), chartAssessment(u.id)].some((path) => recorded(admin, path)))
    .map((u) => ({
      email: u.email,
      id: u.id,
      first_name: u.first_name,
      last_name: u.last_name,
      created_at: u.created_at,
      thread_id: inbox.find((t) => t.patient.id === u.id)?.id ?? null,
    }));
  return { manifest, recorded, admin, patients, now };
}

const assignmentsOf = (c: Context, p: Described) =>
  c.recorded<{ items: ClinicAssignment[] }>(c.admin, '/admin/documents/assignments/', { patient_id: p.id })
    ?.items ?? [];
/** What the administrator's BF-ADL route answered, in the releases before the chart served it. */
type AdminAssessment = Pick<AssessmentState, 'history' | 'latest' | 'next_due_at'>;
const adminAssessment = (id: string) => `/admin/patients/${id}/bf_adl/`;
const chartAssessment = (id: string) => `/admin/patients/${id}/chart/bf_adl/`;

/** A patient's BF-ADL history and next due time, from whichever route the writer read. */
function assessmentOf(c: Context, p: Described): Pick<AssessmentState, 'history' | 'next_due_at'> {
  const record = c.recorded<AdminAssessment>(c.admin, adminAssessment(p.id));
  if (record) return record;
  const chart = c.recorded<ChartAssessments>(c.admin, chartAssessment(p.id))!;
  const history = chart.submissions.map(({ id, submitted_at, version, score, band }) => ({
    id,
    submitted_at,
    version,
    score,
    band,
  }));
  const last = history.at(-1);
  const interval = definitionOf(BF_ADL_INSTRUMENT).due_interval_days * DAY_MS;
  return {
    history,
    next_due_at: last ? new Date(Date.parse(last.submitted_at) + interval).toISOString() : null,
  };
}

/** A worklist row of `p` as the queue shows it; what the queue does not carry is null. */
const row = (p: Described, at: string, fields: Record<string, unknown> = {}) => ({
  patient: { id: p.id, first_name: p.first_name, last_name: p.last_name },
  at,
  never_answered: null,
  document: null,
  flags: null,
  unread: null,
  thread_id: p.thread_id,
  assignee: null,
  ...fields,
});

type Row = ReturnType<typeof row>;
/** A queue's order: by `at` (ties by patient, or by document on the document queues), as its SQL sorts. */
const byAt =
  (direction: 1 | -1) =>
  (a: Row, b: Row): number => {
    const key = (r: Row) => (r.document as { assignment_id: string } | null)?.assignment_id ?? r.patient.id;
    return direction * (Date.parse(a.at) - Date.parse(b.at)) || (key(a) < key(b) ? -1 : 1);
  };

function worklistRead(c: Context, queue: WorklistQueue, items: unknown[]): RecordedRead {
  return {
    as: c.admin,
    path: WORKLIST_ROUTE,
    query: { queue },
    answer: { queue, items },
    patients: c.patients.map((p) => p.id),
  };
}

/** The patient's hand-in as an earlier release recorded it: its time, from the patient's own status. */
function handInOf(c: Context, p: Described) {
  const status = c.recorded<{ submitted_at: string | null; no_insurance: boolean }>(
    p.email,
    '/patient/intake/',
  );
  return status?.submitted_at
    ? { submitted_at: status.submitted_at, no_insurance: status.no_insurance }
    : null;
}

type RecordedCoverage = { value: Coverage; cards: Record<'front' | 'back', { mime: string } | null> };
type RecordedCard = { mime: string; content_base64: { sha256: string; bytes: number } };
type HandIn = ReturnType<typeof handInOf>;
const SIDES = ['front', 'back'] as const;

/** The patient's coverages as handed in, each card as the patient's own card route gave it. */
function coveragesOf(c: Context, p: Described) {
  return c.recorded<RecordedCoverage[]>(p.email, '/patient/insurance/')!.map((coverage) => ({
    value: coverage.value,
    cards: Object.fromEntries(
      SIDES.map((side) => [
        side,
        coverage.cards[side] &&
          c.recorded<RecordedCard>(p.email, '/patient/insurance/card/', {
            insurance_type: coverage.value.insurance_type,
            side,
          })!,
      ]),
    ) as Record<(typeof SIDES)[number], RecordedCard | null>,
  }));
}

/** Each intake section and card on the chart: the patient's saved value, dated at the hand-in. */
function chartIntake(c: Context, p: Described, handIn: HandIn): RecordedRead[] {
  const chart = `/admin/patients/${p.id}/chart/`;
  const submission = handIn && { submitted_at: handIn.submitted_at };
  const reads: RecordedRead[] = INTAKE_RESOURCE_NAMES.map((name) => ({
    as: c.admin,
    path: `${chart}${name}/`,
    answer: {
      submission,
      value: handIn ? c.recorded<{ value: unknown }>(p.email, `/patient/${name}/`)!.value : null,
    },
  }));
  const coverages = handIn ? coveragesOf(c, p) : [];
  reads.push({
    as: c.admin,
    path: `${chart}insurance/`,
    answer: {
      submission,
      value: handIn && {
        no_insurance: handIn.no_insurance,
        coverages: coverages.map(({ value, cards }) => ({
          value,
          cards: Object.fromEntries(
            SIDES.map((side) => {
              const card = cards[side];
              return [
                side,
                card && {
                  sha256: card.content_base64.sha256,
                  mime: card.mime,
                  size: card.content_base64.bytes,
                },
              ];
            }),
          ),
        })),
      },
    },
  });
  for (const card of coverages.flatMap(({ cards }) => SIDES.map((side) => cards[side]))) {
    if (card) {
      reads.push({
        as: c.admin,
        path: `${chart}insurance/card/`,
        query: { sha256: card.content_base64.sha256 },
        answer: card,
      });
    }
  }
  return reads;
}

/** The chart's documents: the clinic's list of them, with who moved each left out (it names people the list did not). */
function chartDocuments(c: Context, p: Described) {
  return {
    items: assignmentsOf(c, p).map((a) => ({
      id: a.id,
      title: a.title,
      status: a.status,
      due_at: a.due_at,
      created_at: a.created_at,
      updated_at: a.updated_at,
      rejection_reason: a.rejection_reason,
      signed: a.signed_sha256 ? { signed_sha256: a.signed_sha256 } : null,
      events: a.events.map(({ at, action, actor, from_status, to_status }) => ({
        at,
        action,
        actor,
        from_status,
        to_status,
      })),
    })),
  };
}

/**
 * The chart and the review of a patient from a release before hand-in snapshots: the node makes
 * one at start from the saved intake, dated at the hand-in, so each intake section reads as the
 * patient's own saved value, every card as the patient's own card, and the hand-in awaits review.
 */
function chartAndReview(c: Context): RecordedRead[] {
  return c.patients.flatMap((p) => {
    const handIn = handInOf(c, p);
    const chart = `/admin/patients/${p.id}/chart/`;
    return [
      ...chartIntake(c, p, handIn),
      {
        as: c.admin,
        path: `${chart}bf_adl/`,
        answer: chartAssessments(c.recorded<AdminAssessment>(c.admin, adminAssessment(p.id))!),
      },
      { as: c.admin, path: `${chart}documents/`, answer: chartDocuments(c, p) },
      {
        as: c.admin,
        path: `/admin/patients/${p.id}/review/`,
        answer: {
          submission: handIn && { submitted_at: handIn.submitted_at },
          awaiting_review: handIn !== null,
          reviews: [],
          changes: null,
        },
      },
    ];
  });
}

/** The chart's BF-ADL: every submission with its change and flag; answers were recorded for the newest only. */
function chartAssessments(record: AdminAssessment) {
  const definition = definitionOf(BF_ADL_INSTRUMENT);
  return {
    instrument: definition.id,
    submissions: record.history.map((entry: AssessmentSummary, i) => {
      const previous = record.history[i - 1];
      return {
        ...entry,
        instrument: definition.id,
        change: previous ? entry.score - previous.score : null,
        flag: assessmentFlag(definition, previous, entry),
        ...(record.latest?.id === entry.id ? { answers: record.latest.answers } : {}),
      };
    }),
  };
}

/** The worklist row of a patient whose newest BF-ADL the chart's rule flags, if it does. */
function flagged(c: Context, p: Described) {
  const { history } = assessmentOf(c, p);
  const [previous, newest] = history.length > 1 ? history.slice(-2) : [undefined, history[0]];
  const flags = newest ? assessmentFlag(definitionOf(BF_ADL_INSTRUMENT), previous, newest) : [];
  return flags.length > 0 ? row(p, newest!.submitted_at, { flags }) : undefined;
}

/**
 * The worklist over a release before it: a hand-in awaits review (none was ever reviewed), a
 * BF-ADL is flagged by the chart's rule on its last two, a declined document was never re-sent,
 * and a message the clinic has not opened is unread.
 */
function worklist(c: Context): RecordedRead[] {
  const soon = c.now.getTime() + DOCUMENT_DUE_SOON_DAYS * DAY_MS;
  const documentRows = (
    p: Described,
    pick: (a: ClinicAssignment) => boolean,
    at: (a: ClinicAssignment) => string,
  ) =>
    assignmentsOf(c, p)
      .filter(pick)
      .map((a) =>
        row(p, at(a), {
          document: {
            assignment_id: a.id,
            title: a.title,
            version: a.version,
            due_at: a.due_at,
            reason: a.rejection_reason,
          },
        }),
      );
  const unread = (p: Described) => {
    if (!p.thread_id) return [];
    const thread = c.recorded<ClinicThread>(c.admin, '/admin/messages/thread/', { id: p.thread_id });
    const waiting = (thread?.messages ?? []).filter((m) => m.author === 'patient' && m.read_at === null);
    return waiting.length ? [row(p, waiting[0]!.created_at, { unread: waiting.length })] : [];
  };
  return [
    worklistRead(
      c,
      'intake_new',
      c.patients
        .flatMap((p) => {
          const handIn = handInOf(c, p);
          return handIn ? [row(p, handIn.submitted_at)] : [];
        })
        .sort(byAt(1)),
    ),
    worklistRead(c, 'intake_resubmitted', []),
    worklistRead(c, 'bf_adl_flagged', c.patients.flatMap((p) => flagged(c, p) ?? []).sort(byAt(-1))),
    worklistRead(
      c,
      'documents_due_soon',
      c.patients
        .flatMap((p) =>
          documentRows(
            p,
            (a) =>
              a.status === 'pending_signature' &&
              a.due_at !== null &&
              Date.parse(a.due_at) > c.now.getTime() &&
              Date.parse(a.due_at) <= soon,
            (a) => a.due_at!,
          ),
        )
        .sort(byAt(1)),
    ),
    worklistRead(
      c,
      'declined_documents',
      c.patients
        .flatMap((p) =>
          documentRows(
            p,
            (a) => a.status === 'rejected',
            (a) => a.updated_at,
          ),
        )
        .sort(byAt(-1)),
    ),
    worklistRead(c, 'unread_messages', c.patients.flatMap(unread).sort(byAt(1))),
  ];
}

/**
 * The BF-ADL due queue at the time of the test, for every fixture: a patient who never answered
 * is due since signing up; any other once the next due time their record states has passed.
 */
function clockQueues(c: Context): RecordedRead[] {
  return [worklistRead(c, 'bf_adl_due', bfAdlDue(c, c.patients))];
}

/** The BF-ADL due queue's rows of `patients` at the time of the test, in the queue's order. */
function bfAdlDue(c: Context, patients: Described[]): Row[] {
  const due = patients.flatMap((p) => {
    const { next_due_at } = assessmentOf(c, p);
    if (next_due_at === null) return [row(p, p.created_at, { never_answered: true })];
    return Date.parse(next_due_at) <= c.now.getTime() ? [row(p, next_due_at, { never_answered: false })] : [];
  });
  return due.sort(byAt(1));
}

/**
 * The worklist searched by each patient's date of birth, as the patient's own profile read gave
 * it (migration 0024): the profiles an older release wrote are found by it whether the server
 * has hashed them yet or not, and nobody born on another day is.
 */
function datesOfBirth(c: Context): RecordedRead[] {
  // Compared over the patients whose date the fixture read; others may share it.
  const known = c.patients.flatMap((p) => {
    const profile = c.recorded<{ value: { date_of_birth?: string } | null }>(p.email, '/patient/profile/');
    const born = profile?.value?.date_of_birth;
    return born ? [{ p, born }] : [];
  });
  return [...new Set(known.map(({ born }) => born))].map((date) => ({
    ...worklistRead(
      c,
      'bf_adl_due',
      bfAdlDue(
        c,
        known.filter(({ born }) => born === date).map(({ p }) => p),
      ),
    ),
    query: { queue: 'bf_adl_due', q: date },
    patients: known.map(({ p }) => p.id),
  }));
}

/**
 * The documents library over an earlier release's templates (migration 0016): each became
 * version 1, published, with its one edition in gb; newest first.
 */
function documentsLibrary(c: Context): RecordedRead[] {
  const templates = c.recorded<{ items: DocumentTemplate[] }>(c.admin, '/admin/documents/templates/')?.items;
  if (!templates) return [];
  const items = templates
    .map((t) => ({
      id: t.id,
      kind: t.kind,
      status: 'published',
      titles: { gb: t.title, cn: null },
      languages: ['gb'],
      published_version: 1,
      draft_version: null,
      created_at: t.created_at,
    }))
    .sort((a, b) => b.created_at.localeCompare(a.created_at) || a.id.localeCompare(b.id));
  return [{ as: c.admin, path: '/admin/documents/library/', answer: { items } }];
}

/**
 * Caregivers over an earlier release's patients (migration 0017): nobody gave or holds a grant,
 * and no clinic allowed representative signing (the column's default).
 */
function caregivers(c: Context): RecordedRead[] {
  const accounts = new Set(c.manifest.accounts.filter((a) => a.role === 'patient').map((a) => a.email));
  return c.patients.flatMap((p) => [
    {
      as: c.admin,
      path: `/admin/patients/${p.id}/caregivers/`,
      answer: { representative_signing_allowed: false, grants: [] },
    },
    ...(accounts.has(p.email)
      ? [
          {
            as: p.email,
            path: '/account/caregivers/',
            answer: { given: [], received: [], representative_signing_allowed: false },
          },
          { as: p.email, path: '/account/caregivers/activity/', answer: { items: [] } },
        ]
      : []),
  ]);
}

/**
 * Reads of routes newer than a fixture: each names the migration that brought them, and
 * applies to fixtures written before it. What they must answer is derived from what the old
 * release answered, by what that migration (and the code at start) promises.
 */
const EARLIER_RELEASES: { migration: string; reads(c: Context): RecordedRead[] }[] = [
  { migration: '0011_intake_review', reads: chartAndReview },
  { migration: '0013_worklist', reads: worklist },
  { migration: '0016_documents_library', reads: documentsLibrary },
  { migration: '0017_caregivers', reads: caregivers },
  { migration: '0024_date_of_birth_hash', reads: datesOfBirth },
];

/** The reads the upgrade test adds to `manifest`'s own, as of `now`. */
export function derivedReads(manifest: FixtureManifest, now: Date): RecordedRead[] {
  const c = contextOf(manifest, now);
  return [
    ...EARLIER_RELEASES.filter((e) => e.migration > manifest.newest_migration).flatMap((e) => e.reads(c)),
    ...clockQueues(c),
  ];
}

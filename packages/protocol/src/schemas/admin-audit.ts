import { z } from 'zod';
import { pageOf } from './common.ts';
import { isoTime, page, pageSize } from './admin-api.ts';

// The admin API's audit viewer and its CSV export (sealed: the rows name people).

export const auditPerson = z.object({
  id: z.uuid(),
  email: z.string().nullable(),
  name: z.string().nullable(),
});

export const auditEntry = z.object({
  id: z.number().int(),
  at: isoTime,
  action: z.string(),
  outcome: z.string(),
  actor: auditPerson.nullable(),
  subject: auditPerson.nullable(),
  /** The caregiver grant the actor acted under, for the subject (decision 0023); null otherwise. */
  grant_id: z.uuid().nullable(),
  target: z.string().nullable(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

const personFilter = z
  .string()
  .trim()
  .max(254)
  .optional()
  .describe('A user id, or the start of an e-mail address (any case)');

/** `GET /admin/audit/` and its CSV export. `from`/`to` bound `at` (from inclusive, to exclusive). */
export const auditQuery = z
  .object({
    actor: personFilter,
    subject: personFilter,
    subject_name: z
      .string()
      .trim()
      .max(100)
      .optional()
      .describe("The start of the subject's full name or family name (any case)"),
    action: z.string().trim().max(100).optional().describe('The start of the action name'),
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
    page,
    page_size: pageSize,
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) <= Date.parse(q.to), {
    message: 'The start must not be after the end',
    path: ['to'],
  });
export type AuditQuery = z.input<typeof auditQuery>;
/**
 * The count stops at a cap (decision 0042): `total_capped` says there are more rows than `total`,
 * at least one of them past this page.
 */
export const auditPage = pageOf(auditEntry).extend({ total_capped: z.boolean() });
export type AuditPage = z.infer<typeof auditPage>;

/** A server-made CSV: the web app only saves it. `truncated` when the rows passed the cap. */
export const auditExport = z.object({
  filename: z.string(),
  csv: z.string(),
  rows: z.number().int(),
  truncated: z.boolean(),
});
export type AuditExport = z.infer<typeof auditExport>;

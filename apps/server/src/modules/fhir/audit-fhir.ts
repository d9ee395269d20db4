import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { recordAudits } from '../audit/index.ts';
import type { FhirAccess } from './smart/access-tokens.ts';

/**
 * A FHIR answer's audit rows: the client as actor and one row per patient whose data the answer
 * holds (a search that matched nobody still leaves one row). Ids and counts only, never PHI.
 */
export async function auditFhirAnswer(
  ctx: AppContext,
  request: FastifyRequest,
  access: FhirAccess,
  answer: {
    action: 'fhir.read' | 'fhir.search';
    type: string;
    detail: { id: string } | { params: string };
    count: number;
    patients: string[];
  },
): Promise<void> {
  const subjects = answer.patients.length > 0 ? answer.patients : [null];
  await recordAudits(
    ctx.db,
    { ip: request.ip, userAgent: request.headers['user-agent'] ?? null, requestId: request.id },
    subjects.map((subjectId) => ({
      action: answer.action,
      outcome: 'success' as const,
      actorId: access.clientId,
      subjectId,
      target: 'fhir' as const,
      detail: { client: access.clientName, type: answer.type, ...answer.detail, count: answer.count },
    })),
  );
}

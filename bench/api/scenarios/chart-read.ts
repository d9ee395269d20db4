import { CHART_SECTIONS } from '@portal/protocol';
import { apiPath, apiUrl } from '../api-url.ts';
import { createChartedPatient } from '../chart-patient.ts';
import { DEMO_CLINICIAN } from '../demo-accounts.ts';
import type { Scenario } from '../scenario.ts';
import type { PortalUnderTest } from '../start-portal.ts';
import { requestHeaders, signIn } from './signed-in.ts';

/** A clinic's staff opening charts at once: as many as the worklist bench's queue readers. */
const CONNECTIONS = 10;
/** Target: each section of the chart a clinician opens answers within a tenth of a second. */
const MAX_P99_MS = 100;

/**
 * The clinic workspace's chart as the demo clinician opens it: every section of
 * `GET /admin/patients/:id/chart/:section/` in turn, each an audited, sealed read of a patient
 * whose chart is full (the intake handed in, a year of BF-ADL answers, three consent forms with
 * their histories): the auth statement with the staff permission, the patient looked up, the
 * section read and decrypted, the audit row, the envelope.
 */
export async function chartReadScenario(portal: PortalUnderTest): Promise<Scenario> {
  const portalUrl = portal.service.baseUrl;
  const clinician = await signIn(portalUrl, DEMO_CLINICIAN);
  const patientId = await createChartedPatient(portal, clinician);
  return {
    name: 'chart read',
    request: `GET /admin/patients/:id/chart/:section/ (sealed, ${CHART_SECTIONS.length} sections)`,
    connections: CONNECTIONS,
    maxP99Ms: MAX_P99_MS,
    load: {
      url: apiUrl(portalUrl, '/'),
      headers: requestHeaders(clinician),
      // Each connection asks for the sections in turn, as the chart page does.
      requests: CHART_SECTIONS.map((section) => ({
        method: 'GET' as const,
        path: apiPath(`/admin/patients/${patientId}/chart/${section}/`),
      })),
    },
  };
}

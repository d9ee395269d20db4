import type { CapabilityStatement, CapabilityStatementRestResource } from '@medplum/fhirtypes';
import type { AppContext } from '../../context.ts';
import { fhirBase } from './fhir-plugin.ts';
import { SERVED_TYPES } from './resource-types.ts';

/** Where the SMART token endpoint lives (the smart part serves it). */
export const TOKEN_PATH = '/auth/token';

const PARAM_TYPE: Record<string, 'token' | 'date' | 'reference' | 'string'> = {
  _id: 'token',
  _lastUpdated: 'date',
  patient: 'reference',
  identifier: 'token',
  name: 'string',
  birthdate: 'date',
  email: 'token',
};

/** The server's CapabilityStatement (FHIR R4 §2.16), read from the table of served types. */
export function capabilityStatement(ctx: AppContext): CapabilityStatement {
  return {
    resourceType: 'CapabilityStatement',
    status: 'active',
    date: ctx.now().toISOString(),
    kind: 'instance',
    software: { name: ctx.config.CLINIC_NAME },
    implementation: { description: 'Patient portal FHIR R4 API', url: fhirBase(ctx) },
    fhirVersion: '4.0.1',
    format: ['json'],
    rest: [
      {
        mode: 'server',
        security: {
          service: [
            {
              coding: [
                {
                  system: 'http://terminology.hl7.org/CodeSystem/restful-security-service',
                  code: 'SMART-on-FHIR',
                },
              ],
            },
          ],
          extension: [
            {
              url: 'http://fhir-registry.smarthealthit.org/StructureDefinition/oauth-uris',
              extension: [{ url: 'token', valueUri: `${fhirBase(ctx)}${TOKEN_PATH}` }],
            },
          ],
        },
        resource: SERVED_TYPES.map((served) => ({
          type: served.type as CapabilityStatementRestResource['type'],
          interaction: [{ code: 'read' }, { code: 'search-type' }],
          searchParam: served.searchParams.map((name) => ({ name, type: PARAM_TYPE[name] ?? 'string' })),
        })),
      },
    ],
  };
}

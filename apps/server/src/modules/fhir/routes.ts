import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.ts';
import { bulkExportRoutes } from './bulk/bulk-export-routes.ts';
import { fhirApi } from './fhir-plugin.ts';
import { resourceRoutes } from './resource-routes.ts';
import { smartRoutes } from './smart/smart-routes.ts';

/** Every part of the FHIR API; each registers its own routes under /fhir/R4. */
const PARTS: readonly FastifyPluginAsync<{ ctx: AppContext }>[] = [
  smartRoutes,
  resourceRoutes,
  bulkExportRoutes,
];

export const fhirRoutes = fhirApi(PARTS);

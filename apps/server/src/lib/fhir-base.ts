import type { AppContext } from '../context.ts';

export const FHIR_BASE_PATH = '/fhir/R4';

/**
 * The absolute base of the FHIR API as clients see it: the export bundle's `fullUrl`s, the API's
 * `next` links and the token `aud` all start with it, so one resource has one address.
 */
export const fhirBase = (ctx: Pick<AppContext, 'config'>) => `${ctx.config.publicUrl}${FHIR_BASE_PATH}`;

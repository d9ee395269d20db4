/**
 * `@portal/server/testing`: the server as e2e journeys and bench programs use it. The server's
 * own tests import kits by path; what is exported here runs outside Vitest, so nothing exported
 * imports it.
 */
export {
  DEMO_ADMIN,
  DEMO_CLINICIAN,
  DEMO_FRONT_DESK,
  DEMO_PATIENT,
  freshDatabase,
  startTestPortal,
  TestClock,
  type TestPortal,
  type TestPortalOptions,
} from './test-portal.ts';
export { SAMPLE_COVERAGE, SAMPLE_INTAKE, TINY_PNG } from './intake-samples.ts';
export { noisePdfWithTrailer } from './hostile-files.ts';
export { answersTotalling, barthel, draftAnswers } from './assessment.ts';
export { seedUsers } from './seed-users.ts';
export { seedWorklist } from './seed-worklist.ts';
export { bornOn, seedScale } from './seed-scale.ts';
export { loopbackTlsCertificate, type TlsCertificate } from './tls-certificate.ts';

// What bench programs measure, or size themselves by, of the server itself.
export { configSchema } from '../src/config.ts';
export { openDatabase } from '../src/db/database.ts';
export { findUsers, type UserFilter } from '../src/modules/admin/users/user-queries.ts';
// The protocol work of a request as the server does it, for the bench's floors to repeat exactly.
export { DataCipher } from '../src/lib/data-cipher.ts';
export { secretsFromValues } from '../src/lib/secrets.ts';
export { verifiedClaimsOrNone } from '../src/modules/auth/access-token.ts';
export { decryptSharedSecret, encryptSharedSecret } from '../src/modules/auth/handshake-queries.ts';
export { decryptedResource, encryptedResourceValue } from '../src/modules/patient/resource-queries.ts';

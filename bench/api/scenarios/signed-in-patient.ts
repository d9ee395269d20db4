import { PortalClient } from '@portal/protocol/testing';
import { DEMO_PATIENT } from '../demo-patient.ts';

/** The headers of the demo patient's signed-in requests, for scenarios that load one route. */
export async function signedInPatientHeaders(portalUrl: string): Promise<Record<string, string>> {
  const patient = new PortalClient({ baseUrl: portalUrl });
  await patient.handshake();
  const signIn = await patient.login(DEMO_PATIENT.email, DEMO_PATIENT.password);
  if (signIn.mfa || patient.access === undefined || patient.uid === undefined) {
    throw new Error('The demo patient did not get tokens; is multi-factor authentication on?');
  }
  return { authorization: `Bearer ${patient.access}`, uid: patient.uid };
}

import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  ACTING_FOR_HEADER,
  Codes,
  MFA_SETUP_FIRST,
  ProtocolError,
  type CaregiverScope,
  type Role,
  type StaffPermission,
} from '@portal/protocol';
import { API_PREFIX } from '../api-prefix.ts';
import type { AppContext, OnBehalf, RequestMeta } from '../context.ts';
import {
  authenticateRequest,
  isPlausibleUid,
  judgeActingFor,
  type SessionTimes,
  verifiedClaimsOrNone,
} from '../modules/auth/index.ts';
import { useSharedSecret } from './envelope.ts';
import { reachableDuringMfaSetup } from './mfa-setup-gate.ts';

export interface SignedInUser {
  id: string;
  roles: Role[];
  /** `admin` and the staff permissions held as of this request (spec §3). */
  auths: string[];
  sessionId: string;
  uid: string;
  /** Whether an event was pending when the request arrived (protocol.md §7). */
  pendingEvent: boolean;
  /** The session's created and last-used times and the limits in force (decision 0006). */
  sessionTimes: SessionTimes;
  /** The token only allows setting up MFA (protocol.md §10; `mfa_setup` in the verified token). */
  mfaSetupOnly: boolean;
}

/**
 * Who makes a call, as every use case takes it: for its rules (not on oneself, what parts of an
 * answer a permission shows), whose record it touches, and its audit rows.
 */
export interface Actor {
  /** The signed-in user. */
  userId: string;
  /** `admin` and the staff permissions held as of this request. */
  auths: readonly string[];
  /** Whose record a patient route reads or writes: see `FastifyRequest.patientId()`. */
  patientId: string;
  meta: RequestMeta;
}

/** Whether `auths` hold the permission, or one of the permissions when given a list. */
export function holdsPermission(
  auths: readonly string[],
  permission: StaffPermission | readonly StaffPermission[],
): boolean {
  const anyOf: readonly StaffPermission[] = typeof permission === 'string' ? [permission] : permission;
  return anyOf.some((p) => auths.includes(p));
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without an access token (handshake, login, signup, public config). */
    public?: boolean;
    /** Roles of which the user needs one; any signed-in user when absent. */
    roles?: Role[];
    /**
     * The staff permission an administrator needs besides the role (spec §3), or a list of
     * which any one will do (the users list serves front desk and clinicians); 10403 without it.
     */
    permission?: StaffPermission | readonly StaffPermission[];
    /**
     * A call the web makes on its own, not on the user's behalf (the event poll): it does
     * not count as use, so an open but untouched web app still reaches the idle timeout.
     */
    passive?: boolean;
    /**
     * A passive route that may be answered from this node's cached verdict (decision 0008):
     * only the event poll. Passive routes that report the session's times read the database.
     */
    cachedAuth?: boolean;
    /**
     * A patient route a caregiver may use for a patient (decision 0023): the grant's scope that
     * opens it. Without it, a request carrying the `acting-for` header answers 10403.
     */
    caregiver?: CaregiverScope;
    /**
     * A route on the caller's own patient record that no caregiver scope opens (the FHIR export,
     * inviting one's caregivers). With `caregiver`, it marks the routes a caregiver-only account
     * answers 10403 on for itself (decision 0032); acting for a patient, the grant decides.
     */
    patientRecord?: boolean;
    /**
     * A route a caregiver-only account may also use for itself, without the acting-for header:
     * writing to the clinic about its own account or the people it helps (decision 0033).
     */
    caregiverOnlyToo?: boolean;
  }
  interface FastifyRequest {
    user: SignedInUser | undefined;
    /** The grant a caregiver acts under on this request, judged by the plugin. */
    onBehalf: OnBehalf | undefined;
    meta(): RequestMeta;
    /** The signed-in user; only called on routes that are not public. */
    signedIn(): SignedInUser;
    /**
     * Whose record a patient route reads or writes: the patient a caregiver acts for, else the
     * signed-in patient. Every patient route takes its subject from here, so the use cases'
     * record checks hold unchanged for a caregiver.
     */
    patientId(): string;
    /** The signed-in user as the use cases take it; only called on routes that are not public. */
    actor(): Actor;
  }
}

/**
 * Every route of the API needs a valid access token unless marked public (secure by default).
 * Order matters: an unknown uid answers 10014 before the token is judged, so a client
 * whose handshake expired re-handshakes, refreshes and carries on (spec §8). A token that only
 * allows setting up MFA is refused last, once everything else about the request holds.
 */
export const authPlugin = fp(async (app: FastifyInstance, opts: { ctx: AppContext }) => {
  const { ctx } = opts;
  app.decorateRequest('user', undefined);
  app.decorateRequest('onBehalf', undefined);
  app.decorateRequest('meta', function (this: FastifyRequest): RequestMeta {
    const ua = this.headers['user-agent'];
    return {
      ip: this.ip,
      userAgent: typeof ua === 'string' ? ua.slice(0, 300) : null,
      requestId: String(this.id),
      ...(this.onBehalf && { onBehalf: this.onBehalf }),
    };
  });
  app.decorateRequest('signedIn', function (this: FastifyRequest): SignedInUser {
    if (!this.user) throw new ProtocolError(Codes.sessionExpired);
    return this.user;
  });
  app.decorateRequest('patientId', function (this: FastifyRequest): string {
    return this.onBehalf?.patientId ?? this.signedIn().id;
  });
  app.decorateRequest('actor', function (this: FastifyRequest): Actor {
    const user = this.signedIn();
    return { userId: user.id, auths: user.auths, patientId: this.patientId(), meta: this.meta() };
  });

  const authenticate =
    (config: FastifyContextConfig, setupReachable: boolean) => async (request: FastifyRequest) => {
      const header = request.headers.authorization;
      const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
      if (!token) throw new ProtocolError(Codes.sessionExpired);
      const uid = request.headers.uid;
      if (!isPlausibleUid(uid)) throw new ProtocolError(Codes.unknownHandshake);
      // A token that does not verify still has its handshake judged first (10014 before 10401).
      const claims = verifiedClaimsOrNone(ctx, token);
      const session = await authenticateRequest(ctx, {
        uid,
        claims,
        activity: !config.passive,
        cacheable: config.cachedAuth === true,
      });
      useSharedSecret(request, session.sharedSecret);
      request.user = {
        id: session.userId,
        roles: session.roles,
        auths: session.auths,
        sessionId: session.sessionId,
        uid,
        pendingEvent: session.pendingEvent,
        sessionTimes: session.times,
        mfaSetupOnly: claims?.mfaSetupOnly === true,
      };
      if (config.roles && !config.roles.some((role) => session.roles.includes(role))) {
        throw new ProtocolError(Codes.forbidden);
      }
      if (config.permission && !holdsPermission(session.auths, config.permission)) {
        throw new ProtocolError(Codes.forbidden);
      }
      const actingFor = request.headers[ACTING_FOR_HEADER];
      if (actingFor !== undefined) {
        if (!config.caregiver) throw new ProtocolError(Codes.forbidden);
        request.onBehalf = await judgeActingFor(ctx, session.userId, actingFor, config.caregiver);
      } else if (
        (config.caregiver || config.patientRecord) &&
        !config.caregiverOnlyToo &&
        !session.isPatient
      ) {
        throw new ProtocolError(Codes.forbidden);
      }
      if (claims?.mfaSetupOnly && !setupReachable) throw new ProtocolError(Codes.forbidden, MFA_SETUP_FIRST);
    };
  // A hook of each API route that is not public, ahead of its own, with the route's config at
  // hand: as a global hook it ran on every request, read the route's options twice (Fastify builds
  // them anew on each read) and returned at once on public routes and pages.
  app.addHook('onRoute', (route) => {
    const config = route.config ?? {};
    if (config.public || !route.url.startsWith(`${API_PREFIX}/`)) return;
    const hook = authenticate(config, reachableDuringMfaSetup(route.url, config));
    route.onRequest = [hook, ...[route.onRequest ?? []].flat()];
  });
});

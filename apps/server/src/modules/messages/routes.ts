import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  assignRequest,
  attachmentQuery,
  envelopeBody,
  inboxQuery,
  patientMessageRequest,
  replyRequest,
  threadQuery,
  threadStatusRequest,
} from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import { ADMIN_ONLY, SEALED } from '../../plugins/route-access.ts';
import { assignThread } from './assign-thread.ts';
import { listAssignees } from './list-assignees.ts';
import { listInbox } from './list-inbox.ts';
import { markPatientRead } from './mark-patient-read.ts';
import { readClinicAttachment } from './read-clinic-attachment.ts';
import { readClinicThread } from './read-clinic-thread.ts';
import { readPatientAttachment } from './read-patient-attachment.ts';
import { readPatientThread } from './read-patient-thread.ts';
import { replyToThread } from './reply-to-thread.ts';
import { sendPatientMessage } from './send-patient-message.ts';
import { setThreadStatus } from './set-thread-status.ts';
import { issueZendeskToken } from './zendesk-token.ts';

const sealed = { 200: envelopeBody };
// A 5 MB file travels as base64 inside a sealed base64 envelope: about 9 MB on the wire.
const ATTACHMENT_BODY_LIMIT = 10 * 1024 * 1024;
/**
 * A caregiver needs `write_messages` to read the thread too: reading it is part of the
 * conversation. Without the acting-for header the thread is the caller's own, a caregiver-only
 * account's too (decision 0033): it is never another account's.
 */
const PATIENT = { roles: ['user' as const], caregiver: 'write_messages' as const, caregiverOnlyToo: true };

/** The messenger: the patient's thread, the clinic inbox and the Zendesk messaging token. */
export async function messageRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const patientTags = ['messages'];
  const adminTags = ['admin: messages'];

  r.get('/patient/messages/', {
    config: PATIENT,
    schema: {
      tags: patientTags,
      summary:
        "The patient's conversation with the clinic, oldest message first; audited (sealed: PatientThread)",
      response: sealed,
    },
    handler: async (request) => request.sealed(await readPatientThread(ctx, request.actor())),
  });
  r.post('/patient/messages/', {
    config: { ...PATIENT, encryptedBody: true },
    bodyLimit: ATTACHMENT_BODY_LIMIT,
    schema: {
      tags: patientTags,
      summary:
        'Write to the clinic: text up to 4000 characters and/or one PNG, JPEG or PDF up to 5 MB (10415, 10413) (sealed)',
      body: patientMessageRequest,
      response: sealed,
    },
    handler: async (request) => request.sealed(await sendPatientMessage(ctx, request.actor(), request.body)),
  });
  r.post('/patient/messages/read/', {
    config: PATIENT,
    schema: {
      tags: patientTags,
      summary: "Mark the clinic's messages read (sealed: PatientThread)",
      response: sealed,
    },
    handler: async (request) => request.sealed(await markPatientRead(ctx, request.actor())),
  });
  r.get('/patient/messages/attachment/', {
    config: PATIENT,
    schema: {
      tags: patientTags,
      summary: "One file of the patient's own thread as base64; audited (sealed: AttachmentContent)",
      querystring: attachmentQuery,
      response: sealed,
    },
    handler: async (request) =>
      request.sealed(await readPatientAttachment(ctx, request.actor(), request.query.id)),
  });

  r.get('/admin/messages/', {
    config: { ...ADMIN_ONLY, permission: 'answer_messages' },
    schema: {
      tags: adminTags,
      summary:
        'One page of threads, newest activity first: status and assigned-to-me filters (sealed: InboxPage)',
      querystring: inboxQuery,
      response: sealed,
    },
    handler: async (request) => request.sealed(await listInbox(ctx, request.actor(), request.query)),
  });
  r.get('/admin/messages/thread/', {
    config: { ...ADMIN_ONLY, permission: 'answer_messages' },
    schema: {
      tags: adminTags,
      summary:
        "One thread with its messages; marks the patient's messages read; audited (sealed: ClinicThread)",
      querystring: threadQuery,
      response: sealed,
    },
    handler: async (request) =>
      request.sealed(await readClinicThread(ctx, request.actor(), request.query.id)),
  });
  r.post('/admin/messages/reply/', {
    config: { ...SEALED, permission: 'answer_messages' },
    bodyLimit: ATTACHMENT_BODY_LIMIT,
    schema: {
      tags: adminTags,
      summary:
        'Answer a thread (text and/or one file); the patient gets an event and a content-free e-mail (sealed)',
      body: replyRequest,
      response: sealed,
    },
    handler: async (request) => request.sealed(await replyToThread(ctx, request.actor(), request.body)),
  });
  r.post('/admin/messages/assign/', {
    config: { ...SEALED, permission: 'answer_messages' },
    schema: {
      tags: adminTags,
      summary: 'Give a thread to an active administrator, or to nobody with null (sealed: InboxThread)',
      body: assignRequest,
      response: sealed,
    },
    handler: async (request) => request.sealed(await assignThread(ctx, request.actor(), request.body)),
  });
  r.post('/admin/messages/status/', {
    config: { ...SEALED, permission: 'answer_messages' },
    schema: {
      tags: adminTags,
      summary: 'Close or reopen a thread (sealed: InboxThread)',
      body: threadStatusRequest,
      response: sealed,
    },
    handler: async (request) => request.sealed(await setThreadStatus(ctx, request.actor(), request.body)),
  });
  r.get('/admin/messages/assignees/', {
    config: { ...ADMIN_ONLY, permission: 'answer_messages' },
    schema: {
      tags: adminTags,
      summary: 'Administrators a thread can be given to (sealed)',
      response: sealed,
    },
    handler: async (request) => request.sealed(await listAssignees(ctx)),
  });
  r.get('/admin/messages/attachment/', {
    config: { ...ADMIN_ONLY, permission: 'answer_messages' },
    schema: {
      tags: adminTags,
      summary: 'One file of any thread as base64; audited (sealed: AttachmentContent)',
      querystring: attachmentQuery,
      response: sealed,
    },
    handler: async (request) =>
      request.sealed(await readClinicAttachment(ctx, request.actor(), request.query.id)),
  });

  r.get('/token/zendesk/', {
    schema: {
      tags: ['support'],
      summary:
        'A 5-minute Zendesk messaging JWT for the signed-in user; 10409 unless the messenger is Zendesk with keys set (sealed: { jwt })',
      response: sealed,
    },
    handler: async (request) => request.sealed(await issueZendeskToken(ctx, request.signedIn().id)),
  });
}

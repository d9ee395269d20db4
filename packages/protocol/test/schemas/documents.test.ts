import { describe, expect, it } from 'vitest';
import {
  DOCUMENT_TRANSITIONS,
  DocumentAction,
  DocumentStatus,
  documentActionsFor,
  documentTransition,
  FINAL_DOCUMENT_STATUSES,
} from '../../src/schemas/document-status.ts';
import { signRequest } from '../../src/schemas/documents.ts';

describe('the document state table', () => {
  it('gives every action one actor and no move two outcomes', () => {
    for (const action of DocumentAction.options) {
      const actors = new Set(DOCUMENT_TRANSITIONS.filter((t) => t.action === action).map((t) => t.actor));
      expect(actors.size).toBe(1);
    }
    const keys = DOCUMENT_TRANSITIONS.map((t) => `${t.from}:${t.action}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('ends in completed, expired or cancelled (the clinic may still withdraw a declined request)', () => {
    expect(FINAL_DOCUMENT_STATUSES).toEqual(['completed', 'expired', 'cancelled']);
    for (const status of DocumentStatus.options) {
      expect(DOCUMENT_TRANSITIONS.some((t) => t.from === status || t.to === status)).toBe(true);
    }
  });

  it('only lets the named actor make a move', () => {
    expect(documentTransition('pending_signature', 'sign', 'patient')?.to).toBe('signed');
    expect(documentTransition('pending_signature', 'sign', 'clinic')).toBeUndefined();
    expect(documentTransition('signed', 'cancel', 'clinic')).toBeUndefined();
    expect(documentActionsFor('pending_signature', 'patient')).toEqual(['sign', 'reject']);
    expect(documentActionsFor('draft', 'clinic')).toEqual(['send', 'cancel']);
  });
});

describe('the sign request', () => {
  const id = '0b6f8a4e-3a57-4d7c-9c55-0f2f0b1f4a11';
  it('needs consent and a signature to sign, and a reason to reject', () => {
    expect(
      signRequest.safeParse({ id, action: 'sign', consent: true, signature: { kind: 'typed', text: 'A B' } })
        .success,
    ).toBe(true);
    expect(
      signRequest.safeParse({ id, action: 'sign', consent: false, signature: { kind: 'typed', text: 'A B' } })
        .success,
    ).toBe(false);
    expect(signRequest.safeParse({ id, action: 'sign', consent: true }).success).toBe(false);
    expect(signRequest.safeParse({ id, action: 'reject', reason: ' ' }).success).toBe(false);
    expect(signRequest.safeParse({ id, action: 'reject', reason: 'Not now' }).success).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { auditDetailLines, type DetailWords } from '../../../src/ui/audit/audit-detail.ts';

const say: DetailWords = {
  field: (key) => ({ roles: 'Roles', auths: 'Permissions', reason: 'Reason', mfa: 'MFA' })[key] ?? `<${key}>`,
  value: (_key, value) => {
    if (value === null) return 'None';
    if (typeof value === 'boolean') return value ? 'Yes' : 'No';
    return { admin: 'Administrator', user: 'Patient' }[String(value)] ?? String(value);
  },
  separators: { list: ', ', fields: '; ' },
};

describe('auditDetailLines', () => {
  it('reads a before/after change as one line per changed field, old → new', () => {
    const detail = {
      before: { roles: ['user'], auths: [], status: 'active', mfa: false },
      after: { roles: ['user', 'admin'], auths: ['admin'], status: 'active', mfa: false },
    };
    expect(auditDetailLines(detail, say)).toEqual([
      { field: 'Roles', value: 'Patient → Patient, Administrator' },
      { field: 'Permissions', value: 'None → Administrator' },
    ]);
  });

  it('reads other details field by field, nested ones by their path, values in words', () => {
    expect(auditDetailLines({ reason: 'Not my document', changed: ['clinic_name'] }, say)).toEqual([
      { field: 'Reason', value: 'Not my document' },
      { field: '<changed>', value: 'clinic_name' },
    ]);
    expect(auditDetailLines({ file: { mime: 'image/png', size: 12 } }, say)).toEqual([
      { field: '<file> › <mime>', value: 'image/png' },
      { field: '<file> › <size>', value: '12' },
    ]);
    expect(auditDetailLines({ mfa: true, before: 'x' }, say)).toEqual([
      { field: 'MFA', value: 'Yes' },
      { field: '<before>', value: 'x' },
    ]);
  });

  it('has no lines for a row without detail', () => {
    expect(auditDetailLines(null, say)).toEqual([]);
  });
});

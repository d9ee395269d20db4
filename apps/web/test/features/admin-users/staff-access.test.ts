import { describe, expect, it } from 'vitest';
import { CLINIC_ADMIN_AUTHS, STAFF_PRESETS } from '@portal/protocol';
import {
  authsForRoles,
  beyondOwn,
  mayChoosePreset,
  presetChoiceOf,
  withPreset,
} from '../../../src/features/admin-users/staff-access.ts';

const FRONT_DESK = ['admin', ...STAFF_PRESETS.front_desk];

describe('staff access in the dialogs', () => {
  it('names the preset whose permissions are exactly the ticked ones, whatever their order', () => {
    expect(presetChoiceOf(['admin', ...STAFF_PRESETS.clinician].reverse())).toBe('clinician');
    expect(presetChoiceOf([...CLINIC_ADMIN_AUTHS])).toBe('clinic_admin');
    expect(presetChoiceOf(['admin', 'read_chart'])).toBe('custom');
    expect(presetChoiceOf([])).toBe('custom');
  });

  it('replaces the permissions by a preset and keeps the administration menu', () => {
    expect(withPreset(['admin', 'read_audit'], 'front_desk')).toEqual(FRONT_DESK);
    expect(withPreset([], 'clinician')).toEqual(['admin', ...STAFF_PRESETS.clinician]);
  });

  it('clears permissions with the admin role and starts a new administrator as front desk', () => {
    expect(authsForRoles(['admin'], ['user'], FRONT_DESK)).toEqual([]);
    expect(authsForRoles(['user'], ['user', 'admin'], [])).toEqual(FRONT_DESK);
    expect(authsForRoles(['admin'], ['admin', 'user'], ['admin', 'read_audit'])).toEqual([
      'admin',
      'read_audit',
    ]);
  });

  it('tells which permissions the actor cannot grant, and which presets they may choose', () => {
    expect(beyondOwn(FRONT_DESK, [...CLINIC_ADMIN_AUTHS])).toEqual([
      'read_chart',
      'review_intake',
      'manage_settings',
      'read_audit',
    ]);
    expect(beyondOwn([...CLINIC_ADMIN_AUTHS], FRONT_DESK)).toEqual([]);
    expect(mayChoosePreset(FRONT_DESK, 'front_desk')).toBe(true);
    expect(mayChoosePreset(FRONT_DESK, 'clinician')).toBe(false);
  });
});

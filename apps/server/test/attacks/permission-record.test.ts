import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { STAFF_PRESETS } from '@portal/protocol';
import { permissionKey, permits, ROUTE_RULES } from '../../testing/route-rules.ts';

const decisions = path.resolve(import.meta.dirname, '../../../../docs/decisions');
const record = readdirSync(decisions).find((name) => name.endsWith('-staff-permissions.md'));

/** `| \`GET /admin/audit/\` | \`read_audit\` | no | no | yes |`, cells padded or not. */
const ROW = /^\| `((?:GET|POST) \/[^`]+)` +\| ([^|]+) \| (yes|no) +\| (yes|no) +\| (yes|no) +\|$/;

/** The table's rows, as `[line, route, needs, front desk, clinician, clinic administrator]`. */
function recordRows() {
  expect(record, 'docs/decisions/*-staff-permissions.md').toBeDefined();
  return readFileSync(path.join(decisions, record!), 'utf8')
    .split('\n')
    .map((line) => ROW.exec(line.trim()))
    .filter((match) => match !== null);
}

describe('the staff-permissions decision record', () => {
  it('has a row for every route that needs a staff permission', () => {
    const written = new Set(recordRows().map(([, key]) => key));
    const permissioned = Object.keys(ROUTE_RULES).filter((key) => ROUTE_RULES[key]!.permission);
    expect(permissioned.filter((key) => !written.has(key))).toEqual([]);
  });

  it('lists routes and permissions exactly as the route rules and the presets have them', () => {
    const rows = recordRows();
    const wrong = rows.flatMap(([, key, needs, frontDesk, clinician, clinicAdmin]) => {
      const rule = ROUTE_RULES[key!];
      if (!rule?.permission) return [`${key}: no admin route of that name in route-rules.ts`];
      const written = needs!.replaceAll('`', '').trim();
      const expected = [
        permissionKey(rule.permission),
        ...[STAFF_PRESETS.front_desk, STAFF_PRESETS.clinician, STAFF_PRESETS.clinic_admin].map((preset) =>
          permits(preset, rule.permission!) ? 'yes' : 'no',
        ),
      ];
      const actual = [written, frontDesk, clinician, clinicAdmin];
      return JSON.stringify(actual) === JSON.stringify(expected)
        ? []
        : [`${key}: written ${actual.join(' | ')}, the code says ${expected.join(' | ')}`];
    });
    expect(wrong).toEqual([]);
  });
});

const caregiverRecord = readdirSync(decisions).find((name) => name.endsWith('-caregivers-acting-for.md'));
/** `| \`GET /patient/bf_adl/\` | \`view_assessments\` |` or `| … | none |`, cells padded or not. */
const SCOPE_ROW = /^\| `((?:GET|POST) \/[^`]+)` +\| (?:`(\w+)`|none) +\|$/;

/** Decision 0023's rows, as `[route, scope or undefined]`. */
function scopeRows(): [string, string | undefined][] {
  expect(caregiverRecord, 'docs/decisions/*-caregivers-acting-for.md').toBeDefined();
  return readFileSync(path.join(decisions, caregiverRecord!), 'utf8')
    .split('\n')
    .map((line) => SCOPE_ROW.exec(line.trim()))
    .filter((match) => match !== null)
    .map((match) => [match[1]!, match[2]]);
}

describe('the caregivers decision record', () => {
  it("lists every route a caregiver's token reaches with the scope its rule opens it to, and no other", () => {
    const reachable = Object.entries(ROUTE_RULES).filter(
      ([, rule]) => rule.access === 'patient' || rule.access === 'signed-in',
    );
    const written = new Map(scopeRows());
    expect(reachable.map(([key]) => key).filter((key) => !written.has(key))).toEqual([]);
    const wrong = [...written].flatMap(([key, scope]) => {
      const rule = ROUTE_RULES[key];
      if (!rule || rule.access === 'admin' || rule.access === 'public')
        return [`${key}: no patient route of that name in route-rules.ts`];
      return rule.caregiver === scope
        ? []
        : [`${key}: written ${scope ?? 'none'}, the rule says ${rule.caregiver ?? 'none'}`];
    });
    expect(wrong).toEqual([]);
  });
});

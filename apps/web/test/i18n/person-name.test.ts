import { describe, expect, it } from 'vitest';
import { formatPersonName } from '../../src/i18n/person-name.ts';

describe('formatPersonName', () => {
  it('writes a name in Chinese script family first without a space, in either locale', () => {
    expect(formatPersonName({ first_name: '小梅', last_name: '王' }, 'cn')).toBe('王小梅');
    expect(formatPersonName({ first_name: '小梅', last_name: '王' }, 'gb')).toBe('王小梅');
    expect(formatPersonName({ first_name: ' 小梅 ', last_name: '欧阳' }, 'cn')).toBe('欧阳小梅');
  });

  it('keeps a name in another script in its own order, given name first, in cn too', () => {
    expect(formatPersonName({ first_name: 'Sam', last_name: 'Taylor' }, 'gb')).toBe('Sam Taylor');
    expect(formatPersonName({ first_name: 'Sam', last_name: 'Taylor' }, 'cn')).toBe('Sam Taylor');
  });

  it('keeps a space and the given name first when only one part is in Chinese script', () => {
    expect(formatPersonName({ first_name: 'Mei', last_name: '王' }, 'cn')).toBe('Mei 王');
  });

  it('shows the one part there is, and falls back to gb order for an unknown locale', () => {
    expect(formatPersonName({ first_name: 'Sam', last_name: '' }, 'cn')).toBe('Sam');
    expect(formatPersonName({ first_name: null, last_name: 'Taylor' }, 'gb')).toBe('Taylor');
    expect(formatPersonName({}, 'gb')).toBe('');
    expect(formatPersonName({ first_name: 'Sam', last_name: 'Taylor' }, 'xx')).toBe('Sam Taylor');
  });
});

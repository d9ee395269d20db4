import { describe, expect, it } from 'vitest';
import { formatDate, formatNumber } from './format.ts';

describe('locale formatting through Intl', () => {
  const date = new Date(Date.UTC(2025, 0, 5));

  it('formats dates the British way for gb and the Chinese way for cn', () => {
    expect(formatDate(date, 'gb', { dateStyle: 'long', timeZone: 'UTC' })).toBe('5 January 2025');
    expect(formatDate(date, 'cn', { dateStyle: 'long', timeZone: 'UTC' })).toBe('2025年1月5日');
  });

  it('formats numbers per locale and falls back to gb for an unknown locale', () => {
    expect(formatNumber(1234567.5, 'gb')).toBe('1,234,567.5');
    expect(formatNumber(1234567.5, 'cn')).toBe('1,234,567.5');
    expect(formatDate(date, 'xx', { dateStyle: 'short', timeZone: 'UTC' })).toBe('05/01/2025');
  });
});

import { describe, expect, it } from 'vitest';
import { DATE_TIME, formatDate, formatLanguage, formatNumber } from '../../src/i18n/format.ts';

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

  it('names a preferred language in the reader’s language, not by its tag', () => {
    expect(formatLanguage('en', 'gb')).toBe('English');
    expect(formatLanguage('zh-Hant', 'gb')).toBe('Traditional Chinese');
    expect(formatLanguage('en', 'cn')).toBe('英语');
    expect(formatLanguage('zh-Hant', 'cn')).toBe('繁体中文');
  });

  it('gives the staff screens one date-time format: medium date and minutes', () => {
    const at = new Date(Date.UTC(2025, 0, 5, 14, 30, 15));
    expect(formatDate(at, 'gb', { ...DATE_TIME, timeZone: 'UTC' })).toBe('5 Jan 2025, 14:30');
    expect(formatDate(at, 'cn', { ...DATE_TIME, timeZone: 'UTC' })).toBe('2025年1月5日 14:30');
  });
});

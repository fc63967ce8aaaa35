import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../shared/model.js';
import type { LimitKey } from '../../shared/limits.js';
import { cliLimitNamer, limitSettings, parseLimit } from './limit-flags.js';
import { UsageError } from './usage-error.js';

describe('limit flag values', () => {
  it('bytes: a whole number, or KiB / MiB / GiB in any case, with or without a space', () => {
    expect(parseLimit('max-file-bytes', '100')).toBe(100);
    expect(parseLimit('max-file-bytes', '1KiB')).toBe(1024);
    expect(parseLimit('max-list-bytes', '16mib')).toBe(16 * 1024 * 1024);
    expect(parseLimit('server-byte-budget', '2 GiB')).toBe(2 * 1024 ** 3);
    expect(parseLimit('skill-byte-budget', '7B')).toBe(7);
  });

  it('counts and milliseconds take no unit', () => {
    expect(parseLimit('max-list-pages', '3')).toBe(3);
    expect(() => parseLimit('max-list-entries', '3KiB')).toThrow(new UsageError('--max-list-entries needs a whole number, got "3KiB".'));
    expect(() => parseLimit('request-timeout-ms', '5s')).toThrow(new UsageError('--request-timeout-ms needs a whole number of milliseconds, got "5s".'));
  });

  it('refuses zero, fractions, decimal units and values past the range', () => {
    expect(() => parseLimit('max-file-bytes', '0')).toThrow('--max-file-bytes must be from 1 to');
    expect(() => parseLimit('max-file-bytes', '1.5MiB')).toThrow('--max-file-bytes needs a whole number of bytes');
    expect(() => parseLimit('max-file-bytes', '10MB')).toThrow('--max-file-bytes needs a whole number of bytes');
    expect(() => parseLimit('max-file-bytes', '99999999999GiB')).toThrow('--max-file-bytes must be from 1 to 9007199254740991');
    expect(() => parseLimit('request-timeout-ms', '2147483648')).toThrow('--request-timeout-ms must be from 1 to 2147483647');
    expect(() => parseLimit('concurrency', '65')).toThrow('--concurrency must be from 1 to 64, got "65".');
  });

  it('sets exactly the settings given; the job budget follows the server budget (one server per command)', () => {
    expect(limitSettings({ 'max-list-pages': '2', quiet: true } as Record<string, unknown>)).toEqual({ maxListPages: 2 });
    expect(limitSettings({ 'server-byte-budget': '1KiB', concurrency: '3' })).toEqual({ serverByteBudget: 1024, jobByteBudget: 1024, readConcurrency: 3 });
    expect(limitSettings({})).toEqual({});
  });

  it('names every limit by a flag, never Settings', () => {
    const keys = ['requestTimeoutMs', 'maxFileBytes', 'serverByteBudget', 'skillByteBudget', 'jobByteBudget', 'maxListPages', 'maxListEntries', 'maxListBytes'] as const satisfies readonly LimitKey[];
    for (const key of keys) {
      expect(key in DEFAULT_SETTINGS).toBe(true);
      expect(cliLimitNamer(key)).toMatch(/^--[a-z-]+$/);
    }
    expect(cliLimitNamer('maxListEntries')).toBe('--max-list-entries');
    expect(cliLimitNamer('jobByteBudget')).toBe('--server-byte-budget');
  });
});

import { SKILLS_EXTENSION_ID } from '@modelcontextprotocol/core/ext/skills';
import { describe, expect, it } from 'vitest';
import { readSkillsCapability } from './capability.js';
import { CAPABILITY_CASES } from './finding-cases-discovery.unit.js';
import { runFindingCases, SERVER } from './finding-cases.unit.js';

runFindingCases(CAPABILITY_CASES);

const read = (caps: Record<string, unknown> | undefined) => readSkillsCapability(caps, SERVER);

describe('readSkillsCapability', () => {
  it('reads an inline declaration with directoryRead', () => {
    expect(read({ resources: {}, extensions: { [SKILLS_EXTENSION_ID]: { directoryRead: true } } })).toEqual({ declared: true, directoryRead: true, location: 'extensions', findings: [] });
  });

  it('reads no declaration as not declared, without findings', () => {
    expect(read(undefined)).toEqual({ declared: false, directoryRead: false, findings: [] });
    expect(read({ resources: {}, extensions: { 'com.example/other': {} } })).toEqual({ declared: false, directoryRead: false, findings: [] });
  });

  it('still reads settings through an envelope, so the listing can be inspected', () => {
    expect(read({ resources: {}, extensions: { [SKILLS_EXTENSION_ID]: { config: { directoryRead: true } } } })).toMatchObject({ declared: true, directoryRead: true });
  });

  it('treats a non-object value as declared without directoryRead', () => {
    for (const value of [null, true, 'yes', []]) {
      expect(read({ resources: {}, extensions: { [SKILLS_EXTENSION_ID]: value } })).toMatchObject({ declared: true, directoryRead: false });
    }
  });

  it('takes directoryRead only when it is exactly true', () => {
    expect(read({ resources: {}, extensions: { [SKILLS_EXTENSION_ID]: { directoryRead: 'true' } } }).directoryRead).toBe(false);
  });

  it('prefers extensions over experimental when both are present', () => {
    const reading = read({ resources: {}, extensions: { [SKILLS_EXTENSION_ID]: {} }, experimental: { [SKILLS_EXTENSION_ID]: {} } });
    expect(reading.location).toBe('extensions');
    expect(reading.findings).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { FINDINGS } from './findings.js';
import { RISK_FINDINGS } from './risk-findings.js';
import { RULESET, RULESET_VERSION, ruleSetOf } from './ruleset.js';

const isContent = (id: string) => id.startsWith('risk-');

describe('the rule set', () => {
  it('counts every catalogued rule once: conformance and content together are the whole catalogue', () => {
    expect(RULESET.contentRules).toBe(Object.keys(RISK_FINDINGS).length);
    expect(RULESET.conformanceRules + RULESET.contentRules).toBe(Object.keys(FINDINGS).length);
    expect(RULESET.conformanceRules).toBe(Object.keys(FINDINGS).filter((id) => !id.startsWith('risk-')).length);
    expect(RULESET_VERSION).toMatch(/^[0-9a-f]{8}$/);
    expect(RULESET_VERSION).toBe(RULESET.version);
  });

  it('is the same whatever order the catalogue is written in', () => {
    const a = { 'sep-2640-x': { severity: 'error' }, 'risk-y': { severity: 'warning' } } as const;
    const b = { 'risk-y': { severity: 'warning' }, 'sep-2640-x': { severity: 'error' } } as const;
    expect(ruleSetOf(a, isContent)).toEqual(ruleSetOf(b, isContent));
    expect(ruleSetOf(a, isContent)).toMatchObject({ conformanceRules: 1, contentRules: 1 });
  });

  it('changes version when a rule is added, removed or changes severity', () => {
    const base = { 'sep-2640-x': { severity: 'error' }, 'risk-y': { severity: 'warning' } } as const;
    const version = ruleSetOf(base, isContent).version;
    expect(ruleSetOf({ ...base, 'risk-z': { severity: 'info' } }, isContent).version).not.toBe(version);
    expect(ruleSetOf({ 'sep-2640-x': base['sep-2640-x'] }, isContent).version).not.toBe(version);
    expect(ruleSetOf({ ...base, 'risk-y': { severity: 'error' } }, isContent).version).not.toBe(version);
  });
});

import { describe, expect, it } from 'vitest';
import { gatewayUri, namespaceOf, namespacesOf } from './namespace.js';

describe('the gateway URI scheme', () => {
  it('makes a reg-name namespace of a label', () => {
    expect(namespaceOf('Mutable skills')).toBe('mutable-skills');
    expect(namespaceOf('  --Acme  Docs (prod)--  ')).toBe('acme-docs-prod');
    expect(namespaceOf('技能')).toBe('server');
    expect(namespaceOf('x'.repeat(100))).toHaveLength(63);
  });

  it('tells apart labels that slug the same, the same way every time', () => {
    const a = namespacesOf(['acme-docs', 'Acme Docs']);
    expect(a.get('Acme Docs')).toBe('acme-docs');
    expect(a.get('acme-docs')).toMatch(/^acme-docs-[0-9a-f]{8}$/);
    expect(namespacesOf(['Acme Docs', 'acme-docs'])).toEqual(a);
  });

  it('never gives a hashed name another label slugs to, however many labels take them', () => {
    // sha256("acme-docs") begins a5856799ba491596.
    const two = namespacesOf(['Acme Docs', 'acme-docs', 'acme docs a5856799']);
    expect(two.get('acme docs a5856799')).toBe('acme-docs-a5856799');
    expect(two.get('acme-docs')).toBe('acme-docs-a5856799ba491596');
    const three = namespacesOf(['Acme Docs', 'acme-docs', 'acme docs a5856799', 'acme docs a5856799ba491596']);
    expect(three.get('acme-docs')).toMatch(/^acme-docs-[0-9a-f]{16}$/);
    for (const names of [two, three]) expect(new Set(names.values()).size).toBe(names.size);
    expect(namespacesOf(['x'.repeat(80), `${'x'.repeat(63)} y`]).get(`${'x'.repeat(63)} y`)).toHaveLength(63);
  });

  it('puts the upstream skill path under the namespace, keeping other schemes as a ~scheme segment', () => {
    expect(gatewayUri('demo', 'skill://acme/billing/refunds/SKILL.md')).toBe('skill://demo/acme/billing/refunds/SKILL.md');
    expect(gatewayUri('gh', 'github://owner/repo/skills/refunds/SKILL.md')).toBe('skill://gh/~github/owner/repo/skills/refunds/SKILL.md');
    expect(gatewayUri('x', 'file:/etc/passwd')).toBeUndefined();
    expect(gatewayUri('x', 'skill://a/SKILL.md?q=1')).toBeUndefined();
  });
});

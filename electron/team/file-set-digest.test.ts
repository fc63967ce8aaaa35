import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Finding } from '../../shared/model.js';
import { fileSetDigest, fileSetText, findingsDigest } from './file-set-digest.js';

const D1 = `sha256:${'1'.repeat(64)}`;
const D2 = `sha256:${'2'.repeat(64)}`;

describe('the file-set digest', () => {
  it('is SHA-256 over the sorted "uri digest" lines, whatever order the set comes in', () => {
    const files = [
      { uri: 'skill://a/scripts/run.sh', digest: D2 },
      { uri: 'skill://a/SKILL.md', digest: D1 },
    ];
    // "S" (0x53) sorts before "s" (0x73): code-point order, not locale order.
    const text = `skill://a/SKILL.md ${D1}\nskill://a/scripts/run.sh ${D2}\n`;
    expect(fileSetText(files)).toBe(text);
    expect(fileSetDigest(files)).toBe(createHash('sha256').update(text).digest('hex'));
    expect(fileSetDigest([...files].reverse())).toBe(fileSetDigest(files));
  });

  it('refuses a set with no unambiguous text: a newline in a URI, a bad digest, a URI twice', () => {
    expect(() => fileSetDigest([{ uri: `skill://a/SKILL.md ${D1}\nskill://b`, digest: D1 }])).toThrow('holds a control character');
    expect(() => fileSetDigest([{ uri: 'skill://a/SKILL.md', digest: 'sha256:ABC' }])).toThrow('not sha256: and 64 lowercase hex digits');
    expect(() => fileSetDigest([{ uri: 'skill://a/SKILL.md', digest: D1 }, { uri: 'skill://a/SKILL.md', digest: D2 }])).toThrow('listed twice');
  });
});

describe('the findings digest', () => {
  const finding = (id: string, line: number, severity: Finding['severity']): Finding => ({ id, severity, title: id, message: id, location: { skillUri: 'skill://a/SKILL.md', fileUri: 'skill://a/SKILL.md', line } });

  it('is SHA-256 over sorted "key severity" lines, each once', () => {
    const findings = [finding('risk-b', 4, 'error'), finding('risk-a', 2, 'warning'), finding('risk-b', 4, 'error')];
    const text = 'risk-a|skill://a/SKILL.md|2|| warning\nrisk-b|skill://a/SKILL.md|4|| error\n';
    expect(findingsDigest(findings)).toBe(`sha256:${createHash('sha256').update(text).digest('hex')}`);
    expect(findingsDigest([finding('risk-a', 2, 'error')])).not.toBe(findingsDigest([finding('risk-a', 2, 'warning')]));
  });
});

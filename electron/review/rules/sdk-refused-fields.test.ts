// A SKILL.md the SDK refuses (here for a YAML anchor) is still loaded by hosts that read it with a YAML library,
// so the review judges its fields as such a library reads them: refusing it on the SDK's account must not hide
// its allowed-tools request from the review.
import { describe, expect, it } from 'vitest';
import { reviewContent } from '../risk-review.js';

function toolRequests(skillMd: string) {
  const input = { serverId: 's', skillUri: 'skill://t/SKILL.md', files: [{ uri: 'skill://t/SKILL.md', path: 'SKILL.md', bytes: Buffer.from(skillMd, 'utf8') }], listedFileCount: 1 };
  return reviewContent(input)
    .findings.filter((f) => f.id === 'risk-allowed-tools')
    .map((f) => `${f.location.line}[${f.location.field}] ${f.severity}`);
}

describe('the fields of a SKILL.md the SDK refuses', () => {
  it('are reviewed: an allowed-tools request behind an anchor is reported at its line', () => {
    expect(toolRequests('---\nname: t\ndescription: &d A test skill.\nallowed-tools: Bash Write\n---\n\nBody.\n')).toEqual(['4[allowed-tools] warning']);
    expect(toolRequests('---\nname: t\nx-tools: &tools Bash Write\nallowed-tools: *tools\n---\n\nBody.\n')).toEqual(['4[allowed-tools] warning']);
  });
});

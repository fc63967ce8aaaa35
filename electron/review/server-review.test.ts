// The review of a served skill whose SKILL.md hosts built on the MCP SDK refuse (here for a YAML anchor): the
// file was read, and hosts that read it with a YAML library load it. The review said its SKILL.md "could not be
// read or parsed" and that it asked for nothing, beside an allowed-tools request it had found in the same bytes.
import { describe, expect, it } from 'vitest';
import type { SkillEntry } from '../../shared/model.js';
import type { FeatureDeps } from '../feature-deps.js';
import { NOT_READ_MESSAGE } from '../skills/registry.js';
import type { PassResult } from '../skills/skill-passes.js';
import { sha256, verifyFile } from '../skills/verify.js';
import { inProcessReviewer } from './review-pool.js';
import { reviewOfPass } from './server-review.js';

const SKILL = 'skill://acme/pdf-tools/SKILL.md';
const GUIDE = 'skill://acme/pdf-tools/references/guide.md';
const LISTED = { name: 'pdf-tools', description: 'Fill PDF forms.', license: 'Fill PDF forms.', 'allowed-tools': 'Bash(rm:*)' };
const REASON = 'Hosts built on the MCP SDK refuse this SKILL.md: it uses an anchor (&d), and their reader takes no YAML anchors, aliases or tags.';

/** A pass that read SKILL.md (failed on its frontmatter, as a host built on the SDK refuses it) and so left the guide unread. */
function refusedPass(text: string) {
  const bytes = Buffer.from(text, 'utf8');
  const resources = [
    { uri: SKILL, digest: sha256(bytes), size: bytes.byteLength },
    { uri: GUIDE, digest: sha256(Buffer.from('guide')), size: 5 },
  ];
  const verdict = verifyFile({ uri: SKILL, frontmatter: LISTED, resources, loadable: true }, SKILL, bytes, { serverId: 's', now: '2026-01-01T00:00:00.000Z' });
  const entry = { serverId: 's', uri: SKILL, name: 'pdf-tools', description: 'Fill PDF forms.', frontmatter: LISTED, resources, pathPrefix: 'acme' } as unknown as SkillEntry;
  const pass = { entry, reads: [{ uri: SKILL, bytes, check: verdict.check }], notRead: [GUIDE] } as unknown as PassResult;
  const deps = { catalog: { get: () => ({ label: 'Acme' }) }, engine: { findings: () => verdict.findings } } as unknown as FeatureDeps;
  return { pass, deps, verdict };
}

describe('the review of a served SKILL.md the SDK refuses', () => {
  it('says it was read, names the refusal, and still judges its fields and bytes', async () => {
    const { pass, deps, verdict } = refusedPass('---\nname: pdf-tools\ndescription: &d Fill PDF forms.\nlicense: *d\nallowed-tools: Bash(rm:*)\n---\n# PDF tools\n\nFill the form.\n');
    expect(verdict.check).toMatchObject({ state: 'failed', reason: 'frontmatter', message: `SKILL.md has no usable frontmatter: ${REASON}` });
    const { review, summaryInput } = await reviewOfPass(deps, inProcessReviewer(), 's', pass);

    expect(review.files.map((f) => [f.path, f.read, f.problem])).toEqual([
      ['SKILL.md', true, undefined],
      ['references/guide.md', false, NOT_READ_MESSAGE],
    ]);
    expect(review.formatFindings.filter((f) => f.id === 'sep-2640-skillmd-frontmatter').map((f) => [f.message, f.location.line])).toEqual([[REASON, 3]]);
    // The content rules ran on the bytes: the tools it asks for, at their line.
    expect(review.findings.filter((f) => f.id === 'risk-allowed-tools').map((f) => f.location.line)).toEqual([5]);

    expect(summaryInput).toMatchObject({ frontmatter: { name: 'pdf-tools', description: 'Fill PDF forms.', license: 'Fill PDF forms.' }, source: { fileUri: SKILL, fieldLines: { description: 3 } } });
    expect(summaryInput).not.toHaveProperty('skillMdUnread');
    expect(review.summary.purpose).toBe('It says it is for: Fill PDF forms.');
    expect(review.summary.requestedTools).toEqual(['Bash(rm:*)']);
    expect(review.summary.points.filter((p) => p.topic === 'purpose')).toEqual([
      { topic: 'purpose', tone: 'caution', text: `${REASON} Hosts that read it with a YAML library load it as this review reads it.`, evidence: [{ fileUri: SKILL, line: 3 }] },
      { topic: 'purpose', tone: 'ok', text: 'It says it is for: Fill PDF forms.', evidence: [{ fileUri: SKILL, field: 'description', line: 3 }] },
    ]);
  });

  it('a SKILL.md no YAML reader reads is still said to be unreadable', async () => {
    const { pass, deps } = refusedPass('---\nname: pdf-tools\ndescription: [Fill PDF forms.\n---\n# PDF tools\n');
    const { review, summaryInput } = await reviewOfPass(deps, inProcessReviewer(), 's', pass);
    expect(summaryInput).toMatchObject({ frontmatter: {}, skillMdUnread: true });
    expect(review.summary.purpose).toBe('Its SKILL.md could not be read or parsed, so what it says it is for is not known.');
  });
});

// Local skill folders whose SKILL.md hosts built on the MCP SDK refuse (an anchor, a "?" key, an unquoted .inf,
// a __proto__ key), read through the contract. The app read each as having no fields: its summary said "It does
// not say what it is for" and that it asked for nothing beside the allowed-tools it had found in the same bytes,
// and its files showed verified. A served skill's review says what a YAML library reads, names the refusal, and
// never shows such a SKILL.md verified; a local skill now says the same.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReviewClient, tempDir } from '../../../test/fixtures/review-server/client.js';

const REFUSE = 'Hosts built on the MCP SDK refuse this SKILL.md:';
const ANCHOR = `${REFUSE} it uses an anchor (&d), and their reader takes no YAML anchors, aliases or tags.`;
const NOT_SHOWN = 'Not shown verified: SKILL.md failed its check (see its findings), and a host reads nothing else of a skill whose SKILL.md does not check out. This file was read and reviewed all the same.';
const YAML_LOADS = 'Hosts that read it with a YAML library load it as this review reads it.';

let home: string;
let skills: string;
let client: ReviewClient;

async function write(relative: string, text: string): Promise<void> {
  const file = path.join(skills, relative);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, text);
}

const uri = (relative: string) => pathToFileURL(path.join(skills, relative)).href;

beforeAll(async () => {
  home = await tempDir('sdk-refused-local-home');
  skills = path.join(home, '.claude', 'skills');
  await write('anchored/SKILL.md', '---\nname: anchored\ndescription: &d Fill PDF forms.\nlicense: *d\nallowed-tools: Bash(rm:*)\n---\n# PDF tools\n\nFill the form.\n');
  await write('anchored/references/guide.md', '# Guide\n');
  await write('asked/SKILL.md', '---\nname: asked\ndescription: Sort the inbox.\n? license\n: MIT\nallowed-tools: Read Grep\n---\n# Inbox\n');
  await write('endless/SKILL.md', '---\nname: endless\ndescription: Count the pages.\nmetadata:\n  pages: .inf\n---\n# Pages\n');
  await write('proto/SKILL.md', '---\nname: proto\ndescription: Tidy the notes.\nmetadata:\n  __proto__: x\n---\n# Notes\n');
  await write('broken/SKILL.md', '---\nname: broken\ndescription: [Fill PDF forms.\n---\n# Broken\n');
  await write('plain/SKILL.md', '---\nname: plain\ndescription: The plain skill.\n---\n\nUse the notes.\n');
  client = await ReviewClient.open({ homeDir: home });
}, 120_000);

afterAll(async () => {
  await client?.close();
  if (home) await fs.rm(home, { recursive: true, force: true });
});

describe('a local skill whose SKILL.md hosts built on the SDK refuse', { timeout: 120_000 }, () => {
  const originId = () => `local:${skills}`;
  const review = async (skill: string) => (await client.call('review.get', { serverId: originId(), skillUri: uri(`${skill}/SKILL.md`) }))!;

  it('is not shown verified: SKILL.md fails its check and the other files are not verified, as for a served skill', async () => {
    const entries = await client.call('review.localSkills', { originId: originId() });
    const byUri = new Map(entries.map((e) => [e.uri, e]));
    expect(Object.fromEntries(entries.map((e) => [e.uri, [e.name, e.description, e.status, e.verdict]]))).toEqual({
      [uri('anchored/SKILL.md')]: ['anchored', 'Fill PDF forms.', 'invalid', 'risky'],
      [uri('asked/SKILL.md')]: ['asked', 'Sort the inbox.', 'invalid', 'risky'],
      [uri('endless/SKILL.md')]: ['endless', 'Count the pages.', 'invalid', 'risky'],
      [uri('proto/SKILL.md')]: ['proto', 'Tidy the notes.', 'invalid', 'risky'],
      [uri('broken/SKILL.md')]: ['broken', '', 'invalid', 'risky'],
      [uri('plain/SKILL.md')]: ['plain', 'The plain skill.', 'verified', 'clean-as-checked'],
    });
    const anchored = byUri.get(uri('anchored/SKILL.md'))!;
    expect(anchored.files).toEqual({
      [uri('anchored/SKILL.md')]: { state: 'failed', reason: 'frontmatter', message: `SKILL.md has no usable frontmatter: ${ANCHOR}`, checkedAt: anchored.fetchedAt },
      [uri('anchored/references/guide.md')]: { state: 'unread', message: NOT_SHOWN },
    });
    const broken = byUri.get(uri('broken/SKILL.md'))!;
    expect(broken.files[uri('broken/SKILL.md')]).toEqual({ state: 'failed', reason: 'frontmatter', message: 'SKILL.md has no usable frontmatter: Flow sequence in block collection must be sufficiently indented and end with a ]', checkedAt: broken.fetchedAt });
    expect(byUri.get(uri('plain/SKILL.md'))!.files[uri('plain/SKILL.md')]).toMatchObject({ state: 'verified' });
  });

  it('names the refusal at its line, as for a served skill', async () => {
    const refusals = async (skill: string) => (await review(skill)).formatFindings.filter((f) => f.id === 'sep-2640-skillmd-frontmatter').map((f) => ({ severity: f.severity, fileUri: f.location.fileUri, line: f.location.line, message: f.message }));
    expect(await refusals('anchored')).toEqual([{ severity: 'error', fileUri: uri('anchored/SKILL.md'), line: 3, message: ANCHOR }]);
    expect(await refusals('asked')).toEqual([{ severity: 'error', fileUri: uri('asked/SKILL.md'), line: 4, message: `${REFUSE} it has a complex key ("?"), which their reader does not take.` }]);
    expect(await refusals('endless')).toEqual([{ severity: 'error', fileUri: uri('endless/SKILL.md'), line: 5, message: `${REFUSE} the value ".inf" is not a number JSON can hold, and their reader refuses it unquoted.` }]);
    expect(await refusals('proto')).toEqual([{ severity: 'error', fileUri: uri('proto/SKILL.md'), line: 5, message: `${REFUSE} it has a "__proto__" key, which their reader refuses.` }]);
  });

  it('summarises the fields as a YAML library reads them, with a point naming the refusal', async () => {
    const anchored = await review('anchored');
    const skillMd = uri('anchored/SKILL.md');
    expect(anchored.summary.purpose).toBe('It says it is for: Fill PDF forms.');
    expect(anchored.summary.requestedTools).toEqual(['Bash(rm:*)']);
    expect(anchored.summary.points.filter((p) => p.topic === 'purpose')).toEqual([
      { topic: 'purpose', tone: 'caution', text: `${ANCHOR} ${YAML_LOADS}`, evidence: [{ fileUri: skillMd, line: 3 }] },
      { topic: 'purpose', tone: 'ok', text: 'It says it is for: Fill PDF forms.', evidence: [{ fileUri: skillMd, field: 'description', line: 3 }] },
    ]);
    const tools = anchored.findings.filter((f) => f.id === 'risk-allowed-tools');
    expect(tools.map((f) => f.location.line)).toEqual([5]);
    expect(anchored.summary.points.filter((p) => p.topic === 'asks').map((p) => [p.tone, p.text, p.evidence.map((e) => [e.findingId, e.line])])).toEqual([
      ['danger', `It asks to be allowed to do these without asking you each time: run "rm" commands on this computer.`, [['risk-allowed-tools', 5]]],
    ]);

    const asked = await review('asked');
    expect([asked.summary.purpose, asked.summary.requestedTools]).toEqual(['It says it is for: Sort the inbox.', ['Read', 'Grep']]);
    expect(asked.summary.points[0]).toEqual({ topic: 'purpose', tone: 'caution', text: `${REFUSE} it has a complex key ("?"), which their reader does not take. ${YAML_LOADS}`, evidence: [{ fileUri: uri('asked/SKILL.md'), line: 4 }] });

    const broken = await review('broken');
    expect(broken.summary.purpose).toBe('Its SKILL.md could not be read or parsed, so what it says it is for is not known.');
    expect(broken.summary.points.filter((p) => p.text.startsWith(REFUSE))).toEqual([]);
  });

  it('keeps that summary when the skill is reviewed again', async () => {
    const again = await client.call('review.scanSkill', { serverId: originId(), skillUri: uri('anchored/SKILL.md') });
    expect(again.summary.purpose).toBe('It says it is for: Fill PDF forms.');
    expect(again.summary.requestedTools).toEqual(['Bash(rm:*)']);
    expect(again.summary.points[0]).toEqual({ topic: 'purpose', tone: 'caution', text: `${ANCHOR} ${YAML_LOADS}`, evidence: [{ fileUri: uri('anchored/SKILL.md'), line: 3 }] });
  });
});

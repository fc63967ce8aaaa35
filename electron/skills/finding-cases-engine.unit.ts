// Finding cases only the engine can produce: they depend on the whole listing
// (nesting, shared names), on the server as a whole (no skills, no skills/list),
// on the server's instructions, or on how a read file is shown (engine.ts).
import { SKILLS_EXTENSION_ID } from '@modelcontextprotocol/core/ext/skills';
import { DEFAULT_SETTINGS, type VerifyJob } from '../../shared/model.js';
import { rpcError, scriptedRpc, serveFiles, type Answer } from '../../test/support/scripted-rpc.js';
import { SkillsEngine } from './engine.js';
import { SERVER, SKILL_MD, SKILL_URI, cached, cleanSkill, entryWith, fileRef, type FindingCase } from './finding-cases.unit.js';

export function quietEngine(): SkillsEngine {
  return new SkillsEngine(() => ({ ...DEFAULT_SETTINGS, readConcurrency: 2 }), { listed: () => undefined, updated: () => undefined, job: () => undefined });
}

/** The engine's job once it is no longer running (polled: a quiet engine reports no job events). */
export function jobEnded(engine: SkillsEngine, jobId: string): Promise<VerifyJob> {
  return new Promise<VerifyJob>((resolve) => {
    const poll = setInterval(() => {
      const job = engine.job(jobId);
      if (job && job.state !== 'running') {
        clearInterval(poll);
        resolve(job);
      }
    }, 5);
  });
}

const DECLARED = { resources: {}, extensions: { [SKILLS_EXTENSION_ID]: {} } };
const listing = (...skills: Array<Record<string, unknown>>): Answer => () => cached({ skills });
const GET_FROM = (...skills: Array<Record<string, unknown>>): Answer => (params) => {
  const skill = skills.find((s) => s['uri'] === params['uri']);
  if (!skill) throw rpcError(-32602, `Unknown skill ${String(params['uri'])}`);
  return cached({ skill });
};
/** Refreshes a fresh engine against the scripted server and returns the findings it holds (all, or one skill's). */
const refreshed = (script: Record<string, Answer>, capabilities: Record<string, unknown> = DECLARED, skillUri?: string) => async () => {
  const engine = quietEngine();
  await engine.refresh(scriptedRpc(script), capabilities);
  return engine.findings(SERVER, skillUri);
};

const parent = cleanSkill();
const NESTED_URI = 'skill://acme/pdf-tools/forms/SKILL.md';
const nested = cleanSkill('skill://acme/pdf-tools/forms', 'forms').entry;
const sibling = cleanSkill('skill://acme/forms', 'forms').entry;
const twin = cleanSkill('skill://beta/pdf-tools').entry;
const renamedTwin = cleanSkill('skill://beta/pdf-kit', 'pdf-kit').entry;

const DATA_URI = 'skill://acme/pdf-tools/references/data.txt';
const LATIN1 = Buffer.from([0x63, 0x61, 0x66, 0xe9]); // "café" in Latin-1: not UTF-8
/** Lists a skill with one extra file, then reads that file as the given blob bytes. */
const readBlob = (bytes: Buffer) => async () => {
  const entry = entryWith({ resources: [...(parent.entry['resources'] as unknown[]), fileRef(DATA_URI, bytes)] });
  const rpc = scriptedRpc({ 'skills/list': listing(entry), 'resources/read': () => ({ contents: [{ uri: DATA_URI, blob: bytes.toString('base64'), mimeType: 'text/plain' }] }) });
  const engine = quietEngine();
  await engine.refresh(rpc, DECLARED);
  await engine.readFile(rpc, SKILL_URI, DATA_URI);
  return engine.findings(SERVER, SKILL_URI);
};
const NESTED_MD = '---\nname: forms\ndescription: Fill forms.\nhooks:\n  Stop: echo done\n---\n# Forms\n';
/** Lists the pdf-tools skill with forms/SKILL.md among its resources, and (or not) an entry of its own for it. */
const withNestedResource = (listNested: boolean) => async () => {
  const entry = entryWith({ resources: [...(parent.entry['resources'] as unknown[]), fileRef(NESTED_URI, NESTED_MD)] });
  const engine = quietEngine();
  await engine.refresh(scriptedRpc({ 'skills/list': listing(entry, ...(listNested ? [nested] : [])) }), DECLARED);
  return engine.findings(SERVER, SKILL_URI);
};
/** Reads the nested forms/SKILL.md of the parent skill (no entry lists it as a skill) and returns the parent's findings. */
const readNested = (md: string) => async () => {
  const entry = entryWith({ resources: [...(parent.entry['resources'] as unknown[]), fileRef(NESTED_URI, md)] });
  const rpc = scriptedRpc({ 'skills/list': listing(entry), 'resources/read': serveFiles({ ...parent.files, [NESTED_URI]: md }) });
  const engine = quietEngine();
  await engine.refresh(rpc, DECLARED);
  await engine.readFile(rpc, SKILL_URI, NESTED_URI);
  return engine.findings(SERVER, SKILL_URI).filter((f) => f.id !== 'inspector-nested-skill-unlisted');
};
/** A review's pass over the clean skill, whose SKILL.md is served with `second` the second time it is read. */
const readTwice = (second: string) => async () => {
  const rpc = scriptedRpc({
    'skills/list': listing(parent.entry),
    'resources/read': (params, call) => {
      const uri = String(params['uri']);
      return { contents: [{ uri, mimeType: 'text/markdown', text: call === 2 && uri === SKILL_URI ? second : parent.files[uri] }] };
    },
  });
  const engine = quietEngine();
  await engine.refresh(rpc, DECLARED);
  await engine.passSkill(rpc, SKILL_URI, { withGet: false, secondRead: true });
  return engine.findings(SERVER, SKILL_URI);
};
const pointers = (instructions: string, getAnswer: Answer) => async () => {
  const engine = quietEngine();
  const rpc = scriptedRpc({ 'skills/get': getAnswer });
  await engine.instructionPointers(rpc, instructions);
  return engine.findings(SERVER);
};

export const ENGINE_CASES: readonly FindingCase[] = [
  {
    id: 'inspector-no-skills-support',
    input: 'a server with resources but no skills in any form',
    trigger: refreshed({ 'resources/list': () => ({ resources: [{ uri: 'file:///readme.txt' }] }) }, { resources: {} }),
    ids: ['inspector-no-skills-support'],
    expect: { severity: 'info', location: { serverId: SERVER }, message: ['does not declare the skills extension', 'load a skill by URI'] },
    near: { input: 'a server that declares skills and lists none', run: refreshed({ 'skills/list': listing() }), ids: [] },
  },
  {
    id: 'sep-2640-skills-list-implemented',
    input: 'skills declared, skills/list answered with -32601',
    trigger: refreshed({}),
    ids: ['sep-2640-skills-list-implemented', 'sep-2640-capability-commits-to-methods'],
    expect: { severity: 'error', location: { serverId: SERVER, field: 'skills/list' }, message: ['-32601 (method not found)'] },
    near: { input: 'skills/list answered', run: refreshed({ 'skills/list': listing(parent.entry) }), ids: [] },
  },
  {
    id: 'sep-2640-capability-commits-to-methods',
    input: 'skills declared, skills/list answered with -32601',
    trigger: refreshed({}),
    ids: ['sep-2640-skills-list-implemented', 'sep-2640-capability-commits-to-methods'],
    expect: { severity: 'error', location: { serverId: SERVER }, message: ['commits a server to skills/list and skills/get'] },
    near: {
      input: 'skills/list failing with -32603 (a failure, not a missing method)',
      run: refreshed({
        'skills/list': () => {
          throw rpcError(-32603, 'Internal error');
        },
      }),
      ids: ['inspector-invalid-result'],
    },
  },
  {
    id: 'inspector-nested-skill',
    input: 'forms/SKILL.md inside the pdf-tools skill directory',
    trigger: refreshed({ 'skills/list': listing(parent.entry, nested) }, DECLARED, NESTED_URI),
    ids: ['inspector-nested-skill'],
    expect: { severity: 'info', location: { serverId: SERVER, skillUri: NESTED_URI }, message: [`inside ${SKILL_URI}`, 'needs its own approval'] },
    near: { input: 'forms as a sibling skill', run: refreshed({ 'skills/list': listing(parent.entry, sibling) }), ids: [] },
  },
  {
    id: 'sep-2640-names-should-be-unique',
    input: 'two skills named pdf-tools under different authorities',
    trigger: refreshed({ 'skills/list': listing(parent.entry, twin) }),
    ids: ['sep-2640-names-should-be-unique'],
    expect: { severity: 'warning', location: { serverId: SERVER, skillUri: SKILL_URI, field: 'frontmatter.name' }, message: ['"pdf-tools" is also used by skill://beta/pdf-tools/SKILL.md', 'qualified by path'] },
    near: { input: 'the second skill named pdf-kit', run: refreshed({ 'skills/list': listing(parent.entry, renamedTwin) }), ids: [] },
  },
  {
    id: 'inspector-instructions-pointer',
    input: 'instructions naming a skill that skills/get confirms',
    trigger: pointers(`Before filling a form, read ${SKILL_URI}.`, GET_FROM(parent.entry)),
    ids: ['inspector-instructions-pointer'],
    expect: { severity: 'info', location: { serverId: SERVER, skillUri: SKILL_URI, field: 'instructions' }, message: [`mention ${SKILL_URI}`, 'skills/get confirmed'] },
    near: { input: 'instructions naming no SKILL.md URI', run: pointers('Before filling a form, read skill://acme/pdf-tools/README.md.', GET_FROM(parent.entry)), ids: [] },
  },
  {
    id: 'inspector-instructions-pointer',
    input: 'instructions naming a skill:// URI that skills/get does not know',
    trigger: pointers('Read skill://acme/ghost/SKILL.md first.', GET_FROM(parent.entry)),
    ids: ['inspector-instructions-pointer'],
    expect: { severity: 'warning', location: { serverId: SERVER, field: 'instructions' }, message: ['skill://acme/ghost/SKILL.md', 'did not confirm it', '-32602', 'not treated as a skill'] },
    near: { input: 'no instructions', run: pointers('', GET_FROM(parent.entry)), ids: [] },
  },
  {
    id: 'inspector-not-utf8',
    input: 'a listed .txt file served as a Latin-1 blob',
    trigger: readBlob(LATIN1),
    ids: ['inspector-not-utf8'],
    expect: { severity: 'warning', location: { serverId: SERVER, skillUri: SKILL_URI, fileUri: DATA_URI }, message: [DATA_URI, 'not valid UTF-8'] },
    near: { input: 'the same word as a UTF-8 blob', run: readBlob(Buffer.from('café', 'utf8')), ids: [] },
  },
  {
    id: 'inspector-nested-skill-unlisted',
    input: "forms/SKILL.md among the pdf-tools skill's resources, with no entry of its own",
    trigger: withNestedResource(false),
    ids: ['inspector-nested-skill-unlisted'],
    expect: { severity: 'warning', location: { serverId: SERVER, skillUri: SKILL_URI, fileUri: NESTED_URI }, message: [`${NESTED_URI} is a SKILL.md inside ${SKILL_URI}`, "listed among this skill's resources", 'no listing entry names it', 'needs its own approval'] },
    near: { input: 'the server lists forms as a skill too', run: withNestedResource(true), ids: [] },
  },
  {
    id: 'agentskills-unknown-field',
    input: 'the nested forms/SKILL.md (no entry lists it) read, its frontmatter declaring hooks',
    trigger: readNested(NESTED_MD),
    ids: ['agentskills-unknown-field'],
    expect: { severity: 'warning', location: { serverId: SERVER, skillUri: SKILL_URI, fileUri: NESTED_URI, field: 'hooks', line: 4 }, message: ['"hooks" is not an Agent Skills field'] },
    near: { input: 'the nested SKILL.md without hooks', run: readNested('---\nname: forms\ndescription: Fill forms.\n---\n# Forms\n'), ids: [] },
  },
  {
    id: 'inspector-content-changed',
    input: "a review's second read of SKILL.md served other bytes",
    trigger: readTwice(SKILL_MD.replace('See [the guide]', 'Run [the guide]')),
    ids: ['inspector-content-changed', 'sep-2640-host-verify-digest'],
    expect: { severity: 'error', location: { serverId: SERVER, skillUri: SKILL_URI, fileUri: SKILL_URI }, message: ['content changed between reads', 'first read served', 'neither is verified'] },
    near: { input: 'the same bytes both times', run: readTwice(SKILL_MD), ids: [] },
  },
  {
    id: 'sep-2640-skills-list-entry-atomic',
    input: 'the same skill on two pages, through the engine',
    trigger: refreshed({ 'skills/list': (_p, call) => (call === 0 ? cached({ skills: [parent.entry], nextCursor: 'p2' }) : cached({ skills: [parent.entry] })) }),
    ids: ['sep-2640-skills-list-entry-atomic'],
    expect: { severity: 'error', location: { serverId: SERVER, skillUri: SKILL_URI }, message: ['page 1 and again on page 2'] },
    near: { input: 'a different skill on page 2', run: refreshed({ 'skills/list': (_p, call) => (call === 0 ? cached({ skills: [parent.entry], nextCursor: 'p2' }) : cached({ skills: [twin] })) }), ids: ['sep-2640-names-should-be-unique'] },
  },
];

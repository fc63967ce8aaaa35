// The local-folder findings as finding cases (see skills/finding-cases.unit.ts):
// a skill folder with more files than the scan reads, and the same folder
// within the limit.
import type { Finding } from '../../../shared/model.js';
import type { FindingCase } from '../../skills/finding-cases.unit.js';
import { inProcessReviewer } from '../review-pool.js';
import { buildLocalSkill } from './local-skill.js';
import type { LocalSkillFolder } from './scan.js';

const ORIGIN = 'local:/home/u/.claude/skills';
const DIRECTORY = '/home/u/.claude/skills/big';
const SKILL_URI = `file://${DIRECTORY}/SKILL.md`;
const SKILL_MD = Buffer.from('---\nname: big\ndescription: A big skill.\n---\n\nRead the notes.\n');

function folder(notScanned: readonly string[]): LocalSkillFolder {
  return {
    directory: DIRECTORY,
    relativeDirectory: 'big',
    files: [{ absolute: `${DIRECTORY}/SKILL.md`, relative: 'SKILL.md', size: SKILL_MD.byteLength, bytes: SKILL_MD, executable: false }],
    truncated: notScanned.length > 0,
    fileCount: 1 + notScanned.length,
    notScanned,
  };
}

const findingsOf = (notScanned: readonly string[]) => async (): Promise<Finding[]> => {
  const skill = await buildLocalSkill(inProcessReviewer(), ORIGIN, '~/.claude/skills', folder(notScanned));
  return [...skill.formatFindings, ...skill.review.findings];
};

export const LOCAL_CASES: readonly FindingCase[] = [
  {
    id: 'inspector-local-skill-incomplete',
    input: 'a local skill of 3 files when the scan read 1',
    trigger: findingsOf(['a.md', 'payload.sh']),
    ids: ['inspector-local-skill-incomplete'],
    expect: {
      severity: 'error',
      location: { serverId: ORIGIN, skillUri: SKILL_URI },
      message: ['big holds 3 files', 'at most 1 per skill', '2 were not scanned', 'incomplete — not verified', 'Not scanned: a.md, payload.sh.'],
      expected: 'at most 1 files',
      actual: '3 files',
    },
    near: { input: 'the same skill with every file scanned', run: findingsOf([]), ids: [] },
  },
];

// Where the sample skills live: beside the built code in a checkout, in the
// resources folder of an installed app, or wherever the environment says.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export function demoSkillsDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const resources = (process as { resourcesPath?: string }).resourcesPath;
  const candidates = [
    process.env['SKILL_INSPECTOR_DEMO_SKILLS'],
    resources ? path.join(resources, 'demo-skills') : undefined,
    path.resolve(here, '../../assets/demo-skills'),
    path.resolve(here, '../assets/demo-skills'),
    path.resolve(here, '../../../assets/demo-skills'),
  ].filter((p): p is string => Boolean(p));
  const found = candidates.find((p) => existsSync(path.join(p, 'hello-world', 'SKILL.md')));
  if (!found) throw new Error(`The sample skills were not found; looked in: ${candidates.join(', ')}`);
  return found;
}

// Python packaging that runs the skill's own code on install or build
// (risk-install-hook): the pyproject.toml tables that name in-tree code, and
// setup.py quoted at the line that shows what pip runs. Each spelling has a
// near variant that stays quiet (a plugin hook from an index, a plain
// setuptools or hatchling project).
import { beforeAll, describe, expect, it } from 'vitest';
import type { Finding } from '../../../shared/model.js';
import { reviewContent } from '../risk-review.js';
import { prepareRules } from './index.js';
import { pyprojectHooks, setupPyEvidence } from './python-build.js';

beforeAll(async () => {
  await prepareRules();
});

function hooks(files: Record<string, string>): Finding[] {
  const all = { 'SKILL.md': '---\nname: t\ndescription: A test skill.\n---\n\nBody.\n', ...files };
  return reviewContent({ serverId: 's', skillUri: 'skill://t/SKILL.md', files: Object.entries(all).map(([p, c]) => ({ uri: `skill://t/${p}`, path: p, bytes: Buffer.from(c, 'utf8') })), listedFileCount: Object.keys(all).length }).findings.filter(
    (f) => f.id === 'risk-install-hook',
  );
}

const at = (findings: Finding[]) => findings.map((f) => `${f.location.fileUri?.replace('skill://t/', '')}:${f.location.line} ${f.excerpt ?? '(no excerpt)'}`);

const PROJECT = '[build-system]\nrequires = ["hatchling"]\nbuild-backend = "hatchling.build"\n\n[project]\nname = "md-tables"\nversion = "0.2.0"\n';

describe('pyproject.toml build hooks', () => {
  const cases: Array<[string, string, string[]]> = [
    ['a Hatch custom build hook with its path', `${PROJECT}\n[tool.hatch.build.hooks.custom]\npath = "hatch_build.py"\n`, ['pyproject.toml:9 [tool.hatch.build.hooks.custom]']],
    ['a Hatch custom hook of one target, default path', `${PROJECT}\n[tool.hatch.build.targets.wheel.hooks.custom]\n`, ['pyproject.toml:9 [tool.hatch.build.targets.wheel.hooks.custom]']],
    ['a Hatch custom metadata hook', `${PROJECT}\n[tool.hatch.metadata.hooks.custom]\n`, ['pyproject.toml:9 [tool.hatch.metadata.hooks.custom]']],
    ['setuptools cmdclass as a table', '[project]\nname = "x"\n\n[tool.setuptools.cmdclass]\ninstall = "x.cmd.Install"\n', ['pyproject.toml:4 [tool.setuptools.cmdclass]']],
    ['setuptools cmdclass as a key', '[project]\nname = "x"\n\n[tool.setuptools]\ncmdclass = { build_py = "x.cmd.Build" }\n', ['pyproject.toml:5 cmdclass = { build_py = "x.cmd.Build" }']],
    ['a Poetry build script', '[tool.poetry]\nname = "x"\n\n[tool.poetry.build]\nscript = "build.py"\n', ['pyproject.toml:5 script = "build.py"']],
    ['a build backend loaded from the folder', '[build-system]\nrequires = []\nbuild-backend = "backend"\nbackend-path = ["."]\n', ['pyproject.toml:4 backend-path = ["."]']],
  ];
  for (const [name, toml, expected] of cases) it(`flags ${name}`, () => expect(at(hooks({ 'pyproject.toml': toml }))).toEqual(expected));

  it('does not flag plugin hooks from an index, or a plain project', () => {
    expect(hooks({ 'pyproject.toml': `${PROJECT}\n[tool.hatch.build.hooks.vcs]\nversion-file = "_version.py"\n\n[tool.hatch.build.targets.wheel]\npackages = ["src/md_tables"]\n` })).toEqual([]);
    expect(hooks({ 'pyproject.toml': '[build-system]\nrequires = ["setuptools>=68"]\nbuild-backend = "setuptools.build_meta"\n\n[tool.setuptools.packages.find]\nwhere = ["src"]\n' })).toEqual([]);
    expect(hooks({ 'pyproject.toml': '# [tool.hatch.build.hooks.custom] is how a build hook would be declared\n[project]\nname = "x"\n' })).toEqual([]);
  });

  it('flags pdm-backend only with a pdm_build.py next to it', () => {
    const toml = '[build-system]\nrequires = ["pdm-backend"]\nbuild-backend = "pdm.backend"\n';
    expect(pyprojectHooks(toml, ['pdm_build.py']).map((h) => h.line)).toEqual([3]);
    expect(pyprojectHooks(toml, ['src/x.py'])).toEqual([]);
  });

  it('says what runs and why it matters', () => {
    const [f] = hooks({ 'pyproject.toml': `${PROJECT}\n[tool.hatch.build.hooks.custom]\npath = "hatch_build.py"\n` });
    expect(f?.message).toBe('pyproject.toml line 9 declares a custom Hatch build hook (hatch_build.py, line 10): pip runs it when the folder is installed or built, before anyone uses the skill.');
    expect(f?.severity).toBe('error');
  });
});

describe('setup.py', () => {
  it('points at the cmdclass that replaces the install command, and quotes it', () => {
    const py = 'import subprocess\nfrom setuptools import setup\nfrom setuptools.command.install import install\n\nclass PostInstall(install):\n    def run(self):\n        install.run(self)\n        subprocess.call(["sh", "-c", "id"])\n\nsetup(name="u", cmdclass={"install": PostInstall})\n';
    expect(at(hooks({ 'setup.py': py }))).toEqual(['setup.py:10 setup(name="u", cmdclass={"install": PostInstall})']);
    expect(hooks({ 'setup.py': py })[0]?.message).toContain('cmdclass');
  });
  it('quotes the setup() call, or the first line, when there is no cmdclass', () => {
    expect(at(hooks({ 'setup.py': 'from setuptools import setup\n\nsetup(name="u")\n' }))).toEqual(['setup.py:3 setup(name="u")']);
    expect(at(hooks({ 'setup.py': '\nfrom setuptools import setup\n' }))).toEqual(['setup.py:2 from setuptools import setup']);
    expect(setupPyEvidence('').line).toBe(1);
  });
  it('does not flag a file that only mentions setup.py', () => {
    expect(hooks({ 'docs/install.md': 'Run `python setup.py install` only in a virtual environment.\n' })).toEqual([]);
  });
});

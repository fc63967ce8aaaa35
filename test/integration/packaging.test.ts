// Installers cannot be built here (electron-builder downloads its tools and the
// Electron binary), so this checks what can be checked offline: the config
// passes electron-builder's own schema validation, and a real `--linux dir`
// package built over a stub Electron holds exactly the files it should.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { GRAMMAR_FILES, loadGrammars, RUNTIME_FILE, type CodeLanguage } from '../../electron/review/code/grammars.js';
import { OUT_DIR, ROOT } from '../support/paths.js';

const require = createRequire(import.meta.url);
const bin = (name: string) => path.join(ROOT, 'node_modules', '.bin', name);

interface BuilderConfigModule {
  getConfig(projectDir: string, configPath: string | null, configFromOptions: unknown): Promise<Record<string, unknown>>;
  validateConfiguration(config: unknown, logger: unknown): Promise<void>;
}
const builderConfig = require('app-builder-lib/out/util/config/config.js') as BuilderConfigModule;
const { DebugLogger } = require('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };
const asar = require('@electron/asar') as { extractFile(archive: string, filename: string): Buffer };

/** The project's config, pointed at the build folder the tests use. */
function configForThisBuild(): Record<string, unknown> {
  const config = parse(readFileSync(path.join(ROOT, 'electron-builder.yml'), 'utf8')) as Record<string, unknown>;
  const outRel = path.relative(ROOT, OUT_DIR);
  config['files'] = (config['files'] as string[]).map((f) => f.replace(/^out\//, `${outRel}/`));
  if (outRel !== 'out') config['extraMetadata'] = { main: `${outRel}/main/main.js` };
  return config;
}

describe('installers', () => {
  it('electron-builder.yml passes electron-builder’s own schema validation', async () => {
    const config = await builderConfig.getConfig(ROOT, path.join(ROOT, 'electron-builder.yml'), null);
    await expect(builderConfig.validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
    expect(config['linux']).toMatchObject({ target: ['AppImage', 'deb'] });
    expect(config['mac']).toMatchObject({ target: 'dmg' });
    expect(config['win']).toMatchObject({ target: 'nsis' });
  });

  it('the schema validation rejects a broken config (so the check above can fail)', async () => {
    const broken = { ...configForThisBuild(), linux: { target: 42, notAnOption: true } };
    await expect(builderConfig.validateConfiguration(broken, new DebugLogger(false))).rejects.toThrow(/configuration/i);
  });

  describe('a packaged Linux app over a stub Electron', () => {
    let files: string[];
    let resources: string;

    beforeAll(() => {
      const stub = mkdtempSync(path.join(os.tmpdir(), 'si-electron-stub-'));
      writeFileSync(path.join(stub, 'electron'), '#!/bin/sh\necho "stub electron"\n');
      chmodSync(path.join(stub, 'electron'), 0o755);
      const output = mkdtempSync(path.join(os.tmpdir(), 'si-package-'));
      const configFile = path.join(output, 'builder.yml');
      writeFileSync(configFile, stringify({ ...configForThisBuild(), directories: { output: path.join(output, 'release'), buildResources: 'assets' } }));
      const result = spawnSync(bin('electron-builder'), ['--linux', 'dir', '--config', configFile, `-c.electronDist=${stub}`, '-c.electronVersion=45.5.0'], {
        cwd: ROOT,
        encoding: 'utf8',
        env: { ...process.env, CI: '1' },
      });
      expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
      resources = path.join(output, 'release', 'linux-unpacked', 'resources');
      files = execFileSync(bin('asar'), ['list', path.join(resources, 'app.asar')], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
        .split('\n')
        .filter(Boolean);
    }, 180_000);

    it('holds the main process, the preload, the renderer and the runtime dependencies', () => {
      const out = `/${path.relative(ROOT, OUT_DIR)}`;
      for (const f of [`${out}/main/main.js`, `${out}/main/cli.js`, `${out}/main/web.js`, `${out}/main/review-worker.js`, `${out}/preload/preload.cjs`, `${out}/renderer/index.html`, '/package.json']) {
        expect(files).toContain(f);
      }
      expect(files.some((f) => f.startsWith('/node_modules/@modelcontextprotocol/client/'))).toBe(true);
      expect(files.some((f) => f.startsWith('/node_modules/yaml/'))).toBe(true);
      // The review pool's threads start from tinypool's own worker entry, which loads review-worker.js.
      expect(files).toContain('/node_modules/tinypool/dist/entry/worker.js');
    });

    it('ships the sample skills beside the archive, where the demo server looks for them', () => {
      expect(statSync(path.join(resources, 'demo-skills', 'hello-world', 'SKILL.md')).isFile()).toBe(true);
    });

    it('ships no tests, no sources, no source maps and no dev tooling', () => {
      const ownFiles = files.filter((f) => !f.startsWith('/node_modules/'));
      expect(ownFiles.filter((f) => /\.(ts|tsx|map)$/.test(f))).toEqual([]);
      expect(files.filter((f) => /\.map$/.test(f))).toEqual([]);
      expect(files.filter((f) => /(^|\/)(e2e|test|bench)\//.test(f) && !f.startsWith('/node_modules/'))).toEqual([]);
      for (const dev of ['electron', 'vite', 'vitest', 'react', 'typescript', 'playwright-core', '@modelcontextprotocol/sdk', 'electron-builder']) {
        expect(files.some((f) => f.startsWith(`/node_modules/${dev}/`)), dev).toBe(false);
      }
    });

    it('ships the code parsers as WebAssembly only: the runtime and one file per grammar, and they load', async () => {
      const wanted = [RUNTIME_FILE, ...Object.values(GRAMMAR_FILES)].map((f) => `/node_modules/${f}`).sort();
      expect(files.filter((f) => f.endsWith('.wasm')).sort()).toEqual(wanted);
      // Not the grammars' C sources, native prebuilds and bindings: the app never loads them.
      expect(files.filter((f) => /^\/node_modules\/(?:tree-sitter-[^/]+|web-tree-sitter)\/(?:src|prebuilds|bindings|debug|lib|node_modules)\//.test(f) || /tree-sitter.*\.node$/.test(f))).toEqual([]);
      // The packaged bytes are the grammars: loaded from files extracted out of the archive, every one parses.
      const dir = mkdtempSync(path.join(os.tmpdir(), 'si-grammars-'));
      const extracted: Partial<Record<CodeLanguage, string>> = {};
      for (const [lang, file] of Object.entries(GRAMMAR_FILES) as Array<[CodeLanguage, string]>) {
        const target = path.join(dir, `${lang}.wasm`);
        writeFileSync(target, asar.extractFile(path.join(resources, 'app.asar'), `node_modules/${file}`));
        extracted[lang] = target;
      }
      const grammars = await loadGrammars(extracted);
      expect([...grammars.failures]).toEqual([]);
      expect([...grammars.languages.keys()].sort()).toEqual(Object.keys(GRAMMAR_FILES).sort());
    });

    it('is a sane size', () => {
      const size = statSync(path.join(resources, 'app.asar')).size;
      expect(size).toBeGreaterThan(1_000_000);
      expect(size).toBeLessThan(60 * 1024 * 1024);
    });
  });
});

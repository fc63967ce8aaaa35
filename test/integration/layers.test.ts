// The layer rules hold, and fail when violated: ESLint is run on crafted code
// placed at real paths of each layer, and TypeScript compiles a probe with
// shared/'s settings (no DOM, no Node types).
import path from 'node:path';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/paths.js';

const eslint = new ESLint({ cwd: ROOT });

async function lint(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? 'parse'}: ${m.message}`);
}

describe('layer rules (ESLint)', () => {
  it.each([
    ['renderer/src/App.tsx', "import { createInspector } from '../../electron/inspector.js';\nexport const x = createInspector;\n", 'never imports the main process'],
    ['renderer/src/App.tsx', "import { ipcRenderer } from 'electron';\nexport const x = ipcRenderer;\n", 'The renderer has no Electron'],
    ['renderer/src/App.tsx', "import fs from 'node:fs';\nexport const x = fs;\n", 'The renderer has no Node'],
    ['electron/inspector.ts', "import { api } from '../renderer/src/api.js';\nexport const x = api;\n", 'never imports the renderer'],
    ['electron/skills/engine.ts', "import { app } from 'electron';\nexport const x = app;\n", "Only electron/main.ts, electron/preload.ts and electron/ipc.ts may import 'electron'"],
    ['shared/model.ts', "import { createInspector } from '../electron/inspector.js';\nexport const x = createInspector;\n", 'shared/ imports neither'],
    ['shared/model.ts', "import { api } from '../renderer/src/api.js';\nexport const x = api;\n", 'shared/ imports neither'],
    ['shared/model.ts', "import { readFile } from 'node:fs/promises';\nexport const x = readFile;\n", 'no Node APIs'],
    ['shared/model.ts', "import { app } from 'electron';\nexport const x = app;\n", 'shared/ imports neither side'],
  ])('%s: a forbidden import is an error', async (file, code, message) => {
    const messages = await lint(file, code);
    expect(messages.some((m) => m.startsWith('no-restricted-imports') && m.includes(message)), messages.join('\n')).toBe(true);
  });

  it('the three shell files may import electron', async () => {
    for (const file of ['electron/main.ts', 'electron/preload.ts', 'electron/ipc.ts']) {
      expect(await lint(file, "import { app } from 'electron';\nexport const x = app;\n"), file).toEqual([]);
    }
  });

  it('a floating promise is an error', async () => {
    const messages = await lint('electron/inspector.ts', 'async function work(): Promise<void> {}\nexport function start(): void {\n  work();\n}\n');
    expect(messages.some((m) => m.startsWith('@typescript-eslint/no-floating-promises'))).toBe(true);
  });

  it('`any` is an error', async () => {
    const messages = await lint('electron/inspector.ts', 'export function f(x: any): string {\n  return String(x);\n}\n');
    expect(messages.some((m) => m.startsWith('@typescript-eslint/no-explicit-any'))).toBe(true);
  });

  it('a toast shown past showToast is an error (its words would reach the screen unmarked); state/toast.ts alone may show one', async () => {
    const direct = "import { notifications } from '@mantine/notifications';\nexport const x = () => notifications.show({ message: 'm' });\n";
    const aliased = "import { notifications as n } from '@mantine/notifications';\nexport const x = () => n.show({ message: 'm' });\n";
    for (const code of [direct, aliased]) {
      const messages = await lint('renderer/src/views/server-actions.ts', code);
      expect(messages.some((m) => m.startsWith('no-restricted-syntax') && m.includes('Show toasts with showToast')), messages.join('\n')).toBe(true);
    }
    expect(await lint('renderer/src/state/toast.ts', direct)).toEqual([]);
  });

  it('allowed imports pass', async () => {
    expect(await lint('renderer/src/App.tsx', "import { METHODS } from '../../shared/api.js';\nexport const x = METHODS;\n")).toEqual([]);
    expect(await lint('electron/inspector.ts', "import { METHODS } from '../shared/api.js';\nexport const x = METHODS;\n")).toEqual([]);
  });
});

describe('shared/ compiles without DOM or Node types', () => {
  function compileAsShared(source: string): string[] {
    const configPath = path.join(ROOT, 'tsconfig.shared.json');
    const parsed = ts.getParsedCommandLineOfConfigFile(configPath, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
    if (!parsed) throw new Error('cannot read tsconfig.shared.json');
    const probe = path.join(ROOT, 'shared', '__layer_probe__.ts');
    const host = ts.createCompilerHost(parsed.options);
    const readFile = host.readFile.bind(host);
    host.readFile = (name) => (path.resolve(name) === probe ? source : readFile(name));
    const fileExists = host.fileExists.bind(host);
    host.fileExists = (name) => path.resolve(name) === probe || fileExists(name);
    const program = ts.createProgram([probe], { ...parsed.options, noEmit: true }, host);
    return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  }

  it('a DOM or Node global does not compile there', () => {
    const errors = compileAsShared('export const title = document.title;\nexport const env = process.env;\nexport const b = Buffer.from("x");\n');
    expect(errors.some((e) => e.includes("Cannot find name 'document'"))).toBe(true);
    expect(errors.some((e) => e.includes("Cannot find name 'process'"))).toBe(true);
    expect(errors.some((e) => e.includes("Cannot find name 'Buffer'"))).toBe(true);
  });

  it('plain code compiles there', () => {
    expect(compileAsShared('export const n: number = [1, 2].length;\n')).toEqual([]);
  });
});

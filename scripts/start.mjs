#!/usr/bin/env node
// `npm start`: the Electron app when its binary is installed; otherwise (as on
// machines where Electron's download is blocked) the same app in browser mode.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** The installed Electron binary, without triggering the package's own download attempt. */
function electronBinary() {
  const pkg = path.join(root, 'node_modules', 'electron');
  const pathFile = path.join(pkg, 'path.txt');
  if (!existsSync(pathFile)) return undefined;
  const binary = path.join(pkg, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : undefined;
}

const binary = electronBinary();
const [command, args] = binary
  ? [binary, [root]]
  : (console.log('Electron is not installed on this machine (its binary download failed or was skipped), so Skill Inspector starts in browser mode instead.'),
    [process.execPath, [path.join(root, process.env.SI_OUT_DIR ?? 'out', 'main', 'web.js'), ...process.argv.slice(2)]]);

const child = spawn(command, args, { stdio: 'inherit', cwd: root });
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));

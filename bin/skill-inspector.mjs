#!/usr/bin/env node
// The `skill-inspector` command: the built CLI (npm install / npm run build make it).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const cli = path.resolve(import.meta.dirname, '../out/main/cli.js');
if (!existsSync(cli)) {
  process.stderr.write('skill-inspector: the app is not built yet. Run "npm run build" in the project folder first.\n');
  process.exit(2);
}
await import(pathToFileURL(cli).href);

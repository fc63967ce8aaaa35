// The content rules alone on the synthetic catalog's files: runReviewTask (the
// review worker's own function) on N skills in this one thread, after a
// warm-up, printing CPU per file and a digest of every finding and revealed
// text, so a change to the rules' speed can show it found the same things.
//   node bench/rules-cpu.mjs [skills=300] [rounds=1]   (bundles this file first)
import { createHash } from 'node:crypto';
import { packReview, runReviewTask } from '../electron/review/review-task.js';
import { fileParts, fileUri, supportPath } from './catalog/content.js';

const skills = Number(process.argv[2] ?? 300);
const rounds = Number(process.argv[3] ?? 1);
const FILES_PER_SKILL = 5;

function skillInput(i: number) {
  const files = Array.from({ length: FILES_PER_SKILL }, (_, k) => ({ uri: fileUri(i, k), path: k === 0 ? 'SKILL.md' : supportPath(i, k), bytes: new Uint8Array(Buffer.concat(fileParts(i, k))) }));
  return { serverId: 'bench', skillUri: fileUri(i, 0), files, listedFileCount: files.length };
}

const inputs = Array.from({ length: skills }, (_, i) => skillInput(i));
// Warm-up: the grammars load and V8 optimises the hot paths before anything is timed.
for (const input of inputs.slice(0, 60)) await runReviewTask(packReview(input, []).task);

for (let round = 0; round < rounds; round++) {
  const lines: string[] = [];
  const start = process.cpuUsage();
  for (const input of inputs) {
    const result = await runReviewTask(packReview(input, []).task);
    for (const f of result.findings) lines.push(JSON.stringify(f));
    for (const h of result.hidden) lines.push(JSON.stringify(h));
  }
  const used = process.cpuUsage(start);
  const digest = createHash('sha256').update(lines.sort().join('\n')).digest('hex').slice(0, 16);
  console.log(`${skills} skills: ${Math.round((used.user + used.system) / (skills * FILES_PER_SKILL))} µs CPU per file; ${lines.length} findings and hidden texts, digest ${digest}`);
}

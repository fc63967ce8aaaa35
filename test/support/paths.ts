// Where tests find the built app. SI_OUT_DIR lets parallel work use separate builds.
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const OUT_DIR = path.resolve(ROOT, process.env['SI_OUT_DIR'] ?? 'out');
/** The built `skill-inspector` command. */
export const CLI = path.join(OUT_DIR, 'main', 'cli.js');
/** The built browser-mode entry (`npm run web`). */
export const WEB = path.join(OUT_DIR, 'main', 'web.js');
/** The built content review worker: tests that create an inspector or a session from source pass it to review in the pool. */
export const REVIEW_WORKER = path.join(OUT_DIR, 'main', 'review-worker.js');

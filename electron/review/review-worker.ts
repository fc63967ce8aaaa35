// The review worker: a built entry of its own (electron.vite.config.ts), run
// by the review pool's threads (review-pool.ts, through tinypool). Each thread
// steps back in priority as it starts (thread-priority.ts), loads the rules
// once, at its first review, then reviews task after task.
import { runReviewTask } from './review-task.js';
import { stepBack } from './thread-priority.js';

stepBack();

export default runReviewTask;

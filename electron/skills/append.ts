// Moved to shared/append.ts, where the review rules use it too.
export { append } from '../../shared/append.js';

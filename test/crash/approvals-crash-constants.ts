// What the crash writer writes, shared by the writer and the test that kills it.
export const SERVER = 'crash-server';
export const COUNTER = 'skill://counter/SKILL.md';
/** Other records saved alongside, so each save is a few kilobytes and takes a while. */
export const BYSTANDERS = 40;

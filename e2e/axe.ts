// axe-core, the maintained accessibility engine, run on the page as it is
// now: the WCAG 2.0 and 2.1 A and AA rules. A failure names each rule and the
// elements it found, so the message says what to fix.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface Violation {
  readonly rule: string;
  readonly help: string;
  /** One line per element: its selector and what axe found wrong with it. */
  readonly elements: readonly string[];
}

/** Waits until no finite animation or transition runs (a modal fading in has half its contrast). */
export async function settle(page: Page): Promise<void> {
  // A function, not a string: the app's CSP forbids eval. It runs in the page; this project's Node code has no DOM types.
  type Running = { playState: string; effect: { getTiming(): { iterations?: number } } | null };
  await page.waitForFunction(
    () => (globalThis as unknown as { document: { getAnimations(): Running[] } }).document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    undefined,
    { timeout: 10_000 },
  );
}

export async function axeViolations(page: Page): Promise<Violation[]> {
  await settle(page);
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return results.violations.map((v) => ({
    rule: v.id,
    help: v.help,
    elements: v.nodes.map((n) => `${n.target.join(' ')} — ${firstLine(n.failureSummary)}`),
  }));
}

/** How many elements fail, over every rule. */
export function elementCount(violations: readonly Violation[]): number {
  return violations.reduce((n, v) => n + v.elements.length, 0);
}

export function describeViolations(violations: readonly Violation[]): string {
  return violations.map((v) => `${v.rule} (${v.help}), ${v.elements.length}:\n${v.elements.map((e) => `    ${e}`).join('\n')}`).join('\n');
}

function firstLine(summary: string | undefined): string {
  const lines = (summary ?? '').split('\n').map((l) => l.trim()).filter((l) => l && !/^Fix (any|all) of the following:$/.test(l));
  return lines.join(' ');
}

// The Collisions card's badge says why two names pair. A name that hides a
// character drawing as nothing ("release-no<ZWSP>tes" beside "release-notes")
// is not a pair of lookalike characters: nothing looks alike, the names draw
// the same. Drawn statically, as the card is on screen.
import { createElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { NearCollision, QualifiedSkill } from '../../../../shared/review-model.js';

// api.ts opens the browser-mode bridge when loaded; the card only imports it.
vi.mock('../../api.js', () => ({ api: { call: () => Promise.resolve(undefined), on: () => () => undefined, mode: 'browser' }, errorMessage: String }));

const { staticMarkup, shownTextOf } = await import('../../components/static-markup.js');
const { NearCollisionCard } = await import('./NearCollisionCard.js');
const { nearReasonWords } = await import('./near-reason.js');

function skill(serverId: string, originLabel: string, name: string): QualifiedSkill {
  return { serverId, originLabel, originKind: 'server', skillUri: `skill://${encodeURIComponent(name)}/SKILL.md`, name, qualifiedName: `${originLabel} › ${name}` };
}

function near(a: string, b: string, reason: NearCollision['reason'], detail: string): NearCollision {
  return { names: [a, b], skeleton: 'x', reason, detail, skills: [skill('s1', 'Alpha', a), skill('s2', 'Hidden', b)] };
}

/** The badge's words, as the card draws them. */
function badgeOf(pair: NearCollision): string {
  const html = staticMarkup(createElement(NearCollisionCard, { near: pair }));
  // Mantine draws a badge as its root with one label span inside.
  const badge = /data-near-reason-words[^>]*>\s*<span[^>]*>([^<]*)<\/span>/.exec(html);
  expect(badge, html).not.toBeNull();
  return shownTextOf(badge![1]!);
}

describe('why two names pair, on the card’s badge', () => {
  it('a zero-width space: a hidden character, not lookalike characters; the detail line and marks stay', () => {
    const pair = near('release-notes', 'release-no\u200Btes', 'hidden', '"release-no⟦ZWSP⟧tes" hides U+200B ZERO WIDTH SPACE, which draws as nothing');
    expect(badgeOf(pair)).toBe('a hidden character');
    const text = shownTextOf(staticMarkup(createElement(NearCollisionCard, { near: pair })));
    expect(text).toContain('They look almost the same: "release-no⟦ZWSP⟧tes" hides U+200B ZERO WIDTH SPACE, which draws as nothing.');
    expect(staticMarkup(createElement(NearCollisionCard, { near: pair }))).toContain('data-differs="U+200B"');
  });

  it('tag characters: hidden characters', () => {
    expect(badgeOf(near('pdf-tools', 'pdf-tools\u{E0001}\u{E0078}\u{E007F}', 'hidden', 'd'))).toBe('hidden characters');
  });

  it('a soft hyphen beside a missing hyphen, and hidden with lookalike letters', () => {
    expect(nearReasonWords({ names: ['pdf-to\u00ADols', 'pdftools'], reason: 'hidden-and-hyphen' })).toBe('a hidden character and a hyphen');
    expect(nearReasonWords({ names: ['n\u043Ees', 'no\u200Bes'], reason: 'hidden-and-confusable' })).toBe('hidden and lookalike characters');
    expect(nearReasonWords({ names: ['n-\u043Ees', 'no\u200Bes'], reason: 'hidden-confusable-and-hyphen' })).toBe('hidden and lookalike characters and a hyphen');
  });

  it('lookalike letters and hyphens keep their words', () => {
    expect(badgeOf(near('p\u0430yments', 'payments', 'confusable', 'd'))).toBe('lookalike characters');
    expect(nearReasonWords({ names: ['re-funds', 'refunds'], reason: 'hyphen' })).toBe('differ only by a hyphen');
    expect(nearReasonWords({ names: ['model-kit', 'rnodelkit'], reason: 'confusable-and-hyphen' })).toBe('lookalike characters and a hyphen');
  });
});

// For tests: a component's HTML as the server-side renderer writes it, inside
// the Mantine provider its parts need, and what of it reaches a reader: the
// text on screen (each mark InvisibleText draws written as its marker,
// ⟦RLO⟧) and the strings that name or describe elements (title, aria-label,
// alt, placeholder). data-* attributes are for tests and styles, not shown.
import { MantineProvider } from '@mantine/core';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { expect } from 'vitest';

export function staticMarkup(element: ReactElement): string {
  const html = renderToStaticMarkup(createElement(MantineProvider, null, element));
  // The provider's own <style> blocks say nothing about the component.
  return html.replace(/<style[^>]*>[\s\S]*?<\/style>/g, '');
}

const decode = (text: string) => text.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** The text a reader sees, each mark as its marker. */
export function shownTextOf(html: string): string {
  const marked = html.replace(/<span class="(?:hidden-char|odd-char)" data-invisible="[a-z-]+"[^>]*>([^<]*)<\/span>/g, '⟦$1⟧');
  return decode(marked.replace(/<[^>]*>/g, ''));
}

/** The strings that name or describe elements: tooltips (title), accessible names, alt text, placeholders. */
export function namesIn(html: string): string[] {
  return [...html.matchAll(/\s(?:title|aria-label|alt|placeholder)="([^"]*)"/g)].map((m) => decode(m[1]!));
}

/** A raw invisible, bidi or control character (tab and line feed aside: HTML lays them out as spaces). */
// eslint-disable-next-line no-control-regex -- control characters are what the tests look for
export const RAW_HIDDEN = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u00ad\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]|[\u{e0000}-\u{e007f}]/u;

/** What a reader sees of a component and the names of its elements, after checking that no raw hidden character reaches either. */
export function seenOnScreen(element: ReactElement): { text: string; names: string[] } {
  const html = staticMarkup(element);
  const text = shownTextOf(html);
  const names = namesIn(html);
  expect(text).not.toMatch(RAW_HIDDEN);
  for (const name of names) expect(name).not.toMatch(RAW_HIDDEN);
  return { text, names };
}

/** What a reader sees of a component, after the same check. */
export function shownOnScreen(element: ReactElement): string {
  return seenOnScreen(element).text;
}

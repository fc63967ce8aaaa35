// A skill's description, the server's text: drawn with every invisible
// character as a mark (an element each), so its length is bounded before it
// is laid out. A 1 MiB description was drawn whole in its catalog row (CSS
// cut it to one line only after laying it all out) and on the Overview.
import { Text } from '@mantine/core';
import { InvisibleText } from './InvisibleText.js';

/** Characters of a description drawn in a catalog row: more than its one line shows. */
export const MAX_ROW_DESCRIPTION = 300;
/** Characters of a description drawn on the Overview. */
export const MAX_SHOWN_DESCRIPTION = 4_000;

/** The first `max` characters of a text (never half a surrogate pair), and how many are left out. */
export function cutText(text: string, max: number): { shown: string; more: number } {
  if (text.length <= max) return { shown: text, more: 0 };
  const high = text.charCodeAt(max - 1);
  const end = high >= 0xd800 && high <= 0xdbff ? max - 1 : max;
  return { shown: text.slice(0, end), more: text.length - end };
}

/** A description up to `max` characters: in a row an ellipsis ends a longer one; elsewhere a note says how many more there are. */
export function BoundedDescription({ text, max, inRow = false }: { text: string; max: number; inRow?: boolean }) {
  const { shown, more } = cutText(text, max);
  if (more === 0) return <InvisibleText text={text} />;
  return (
    <>
      <InvisibleText text={shown} />
      <span data-description-cut={more}>{inRow ? '…' : ` … ${more.toLocaleString('en-US')} more characters of the description are not drawn here.`}</span>
    </>
  );
}

/** The Overview's description. */
export function SkillDescription({ description }: { description: string }) {
  return (
    <Text size="sm" data-skill-description>
      {description ? <BoundedDescription text={description} max={MAX_SHOWN_DESCRIPTION} /> : <Text span c="dimmed">The listing gives no description.</Text>}
    </Text>
  );
}

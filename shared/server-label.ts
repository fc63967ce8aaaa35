// A server label as the contract takes it (the form's Add and Edit, the labels
// an import applies, Test connection). A label is written to servers.json and
// shown on every screen, so it must be whole characters: half of one (a UTF-16
// surrogate on its own) has no UTF-8 form and JSON.stringify writes it as an
// escape ("\ud800") that strict JSON readers refuse. Bidi and control
// characters are whole characters; they are kept as typed and every view draws
// them visibly (InvisibleText, the ⟦RLO⟧ markers), as it does a skill's name.
import { z } from 'zod';

/** The longest label the contract accepts. */
export const MAX_SERVER_LABEL = 120;

/** The index of the first surrogate in `text` that is not half of a pair, or -1. */
export function loneSurrogateAt(text: string): number {
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0xd800 || unit > 0xdfff) continue;
    const next = text.charCodeAt(i + 1);
    if (unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      i++;
      continue;
    }
    return i;
  }
  return -1;
}

export const serverLabelSchema = z
  .string()
  .trim()
  .min(1, 'a label is required')
  .max(MAX_SERVER_LABEL)
  .superRefine((label, ctx) => {
    const at = loneSurrogateAt(label);
    if (at < 0) return;
    const unit = label.charCodeAt(at).toString(16).toUpperCase();
    ctx.addIssue({
      code: 'custom',
      message: `holds half of a character (a lone UTF-16 surrogate, U+${unit}, at character ${at + 1}), which has no UTF-8 form and which servers.json could keep only as an escape other programs refuse; type the label again`,
    });
  });

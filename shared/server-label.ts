// A server label as the contract takes it (the form's Add and Edit, the labels
// an import applies, Test connection). A label is written to servers.json and
// shown on every screen, so it must be whole characters: half of one (a UTF-16
// surrogate on its own) has no UTF-8 form and JSON.stringify writes it as an
// escape ("\ud800") that strict JSON readers refuse. Bidi and control
// characters are whole characters; they are kept as typed and every view draws
// them visibly (InvisibleText, the ⟦RLO⟧ markers), as it does a skill's name.
import { z } from 'zod';
import { loneSurrogateIn } from './skill-uri.js';

/** The longest label the contract accepts. */
export const MAX_SERVER_LABEL = 120;

export const serverLabelSchema = z
  .string()
  .trim()
  .min(1, 'a label is required')
  .max(MAX_SERVER_LABEL)
  .superRefine((label, ctx) => {
    const lone = loneSurrogateIn(label);
    if (!lone) return;
    const unit = lone.codeUnit.toString(16).toUpperCase();
    ctx.addIssue({
      code: 'custom',
      message: `holds half of a character (a lone UTF-16 surrogate, U+${unit}, at character ${lone.index + 1}), which has no UTF-8 form and which servers.json could keep only as an escape other programs refuse; type the label again`,
    });
  });

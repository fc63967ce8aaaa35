// Where a review's evidence leads inside the skill view: a line to the Bytes
// tab (the exact characters), a frontmatter field to the Frontmatter tab, a
// file to the Files tab, a finding to Checks.
import type { SkillEntry } from '../../../../shared/model.js';
import type { HiddenText, SummaryEvidence } from '../../../../shared/review-model.js';
import type { SummaryLinks } from '../../components/SkillSummary.js';
import { useSelection } from '../../state/selection.js';
import { relativePath } from './use-skill-file.js';

export interface EvidenceLinks extends Required<SummaryLinks> {
  readonly onHidden: (hidden: HiddenText) => void;
}

export function evidenceLinks(entry: SkillEntry): EvidenceLinks {
  const selection = useSelection.getState;
  const onEvidence = (e: SummaryEvidence) => {
    const { openFile, openField, openFinding } = selection();
    // A field is a frontmatter field of SKILL.md, or a metadata field of an image (its line counts within that field's text).
    if (e.field !== undefined) {
      if (!e.fileUri || e.fileUri === entry.uri) openField(e.field);
      else openFile(e.fileUri, 'files');
    } else if (e.fileUri && e.line !== undefined) openFile(e.fileUri, 'bytes', e.line);
    else if (e.fileUri) openFile(e.fileUri, 'files');
    else if (e.findingId) openFinding(e.findingId);
  };
  return {
    onEvidence,
    onFinding: (findingId) => selection().openFinding(findingId),
    fileLabel: (uri) => relativePath(entry, uri),
    onHidden: (h) => onEvidence({ fileUri: h.fileUri, ...(h.line !== undefined ? { line: h.line } : {}), ...(h.field !== undefined ? { field: h.field } : {}) }),
  };
}

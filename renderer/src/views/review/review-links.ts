// Where evidence leads inside the Review tab: a file or a line opens in the
// review's own file viewer (the bytes that were reviewed), a finding scrolls
// to its card, a frontmatter field opens the Frontmatter tab.
import type { FindingLinks } from '../../components/FindingsList.js';
import type { SummaryLinks } from '../../components/SkillSummary.js';
import type { SkillEntry } from '../../../../shared/model.js';
import type { HiddenText, SummaryEvidence } from '../../../../shared/review-model.js';
import { useReviewSession, type ReviewFileMode } from '../../state/review-session.js';
import { useSelection } from '../../state/selection.js';
import { relativePath } from '../skill/use-skill-file.js';

export interface ReviewLinks extends Required<SummaryLinks> {
  readonly findings: FindingLinks;
  readonly onHidden: (hidden: HiddenText) => void;
  readonly openFile: (fileUri: string, mode?: ReviewFileMode, line?: number) => void;
}

function scrollTo(selector: string): void {
  requestAnimationFrame(() => document.querySelector(selector)?.scrollIntoView({ block: 'start', behavior: 'smooth' }));
}

export function reviewLinks(entry: SkillEntry): ReviewLinks {
  const openFile = (fileUri: string, mode?: ReviewFileMode, line?: number) => {
    const chosen: ReviewFileMode = mode ?? (/\.(md|markdown)$/i.test(fileUri) ? 'rendered' : 'source');
    useReviewSession.getState().showFile(entry.serverId, entry.uri, { fileUri, mode: chosen, ...(line !== undefined ? { line } : {}) });
    scrollTo('[data-review-tab] [data-review-files]');
  };
  const onEvidence = (e: SummaryEvidence) => {
    if (e.field !== undefined && (!e.fileUri || e.fileUri === entry.uri)) useSelection.getState().openField(e.field);
    else if (e.fileUri) openFile(e.fileUri, e.line !== undefined ? 'bytes' : undefined, e.line);
    else if (e.findingId) onFinding(e.findingId);
  };
  const onFinding = (findingId: string) => scrollTo(`[data-review-tab] [data-finding="${CSS.escape(findingId)}"]`);
  const fileLabel = (uri: string) => relativePath(entry, uri);
  return {
    onEvidence,
    onFinding,
    fileLabel,
    openFile,
    onHidden: (h) => openFile(h.fileUri, h.line !== undefined ? 'bytes' : undefined, h.line),
    findings: {
      file: (uri) => openFile(uri),
      line: (uri, line) => openFile(uri ?? entry.uri, 'bytes', line),
      field: (field) => useSelection.getState().openField(field),
      isFrontmatterField: (field) => Object.hasOwn(entry.frontmatter, field),
      fileLabel,
    },
  };
}

// A unified line diff: each hunk with its header, every line numbered on
// both sides, its sign in its own column, and the colour repeating the sign.
// Invisible characters in a changed line are drawn, not hidden. A finding the
// newer version has and the older did not is marked under its line, in words
// ("+ line 4: downloads code and runs it — error"); a gone one likewise.
import { IconCircleCheck } from '@tabler/icons-react';
import { Fragment } from 'react';
import type { TextDiff } from '../../../../shared/approvals-model.js';
import { InvisibleText } from '../../components/InvisibleText.js';
import { SEVERITY } from '../../components/SeverityBadge.js';
import { shownName, shownText } from '../../components/shown-text.js';
import './approvals.css';
import { markSlot, markText, numberedLines, type LineMark, type PlacedMarks } from './diff-lines.js';

export function DiffMark({ mark }: { mark: LineMark }) {
  const Icon = mark.kind === 'new' ? SEVERITY[mark.finding.severity].Icon : IconCircleCheck;
  return (
    <div
      className="diff-mark"
      role="row"
      data-diff-mark={mark.finding.id}
      data-diff-mark-kind={mark.kind}
      data-diff-mark-severity={mark.finding.severity}
      data-diff-mark-line={mark.finding.location.line}
      title={shownText(mark.finding.message)}
    >
      <span role="cell" className="diff-mark-text">
        <Icon size={13} aria-hidden className="diff-mark-icon" />
        <InvisibleText text={markText(mark)} />
      </span>
    </div>
  );
}

export function LineDiff({ diff, path, marks }: { diff: TextDiff; path: string; marks?: PlacedMarks }) {
  return (
    <div className="line-diff" data-line-diff={path} role="table" aria-label={`Line changes in ${shownName(path)}`}>
      {diff.hunks.map((hunk, h) => (
        <div key={h} data-diff-hunk={h} role="rowgroup">
          <div className="diff-hunk-header" role="row">
            <span role="cell">{`@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`}</span>
          </div>
          {numberedLines(hunk).map((line, i) => (
            <Fragment key={i}>
              <div className="diff-line" data-diff-line={line.sign} data-diff-now={line.now} data-diff-old={line.old} role="row" aria-label={line.sign === '+' ? 'added' : line.sign === '-' ? 'removed' : undefined}>
                <span className="diff-num" role="cell">
                  {line.old ?? ''}
                </span>
                <span className="diff-num" role="cell">
                  {line.now ?? ''}
                </span>
                <span className="diff-sign" role="cell">
                  {line.sign === '\\' ? '' : line.sign}
                </span>
                <span className="diff-text" role="cell" data-diff-text>
                  {line.sign === '\\' ? <i>{line.text.trim()}</i> : <InvisibleText text={line.text} />}
                </span>
              </div>
              {marks?.onLines.get(markSlot(h, i))?.map((mark, k) => <DiffMark key={k} mark={mark} />)}
            </Fragment>
          ))}
        </div>
      ))}
    </div>
  );
}

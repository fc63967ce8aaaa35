// A unified line diff: each hunk with its header, every line numbered on
// both sides, its sign in its own column, and the colour repeating the sign.
// Invisible characters in a changed line are drawn, not hidden.
import type { TextDiff } from '../../../../shared/approvals-model.js';
import { InvisibleText } from '../../components/InvisibleText.js';
import './approvals.css';
import { numberedLines } from './diff-lines.js';

export function LineDiff({ diff, path }: { diff: TextDiff; path: string }) {
  return (
    <div className="line-diff" data-line-diff={path} role="table" aria-label={`Line changes in ${path}`}>
      {diff.hunks.map((hunk, h) => (
        <div key={h} data-diff-hunk={h}>
          <div className="diff-hunk-header">{`@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`}</div>
          {numberedLines(hunk).map((line, i) => (
            <div key={i} className="diff-line" data-diff-line={line.sign} role="row" aria-label={line.sign === '+' ? 'added' : line.sign === '-' ? 'removed' : undefined}>
              <span className="diff-num">{line.old ?? ''}</span>
              <span className="diff-num">{line.now ?? ''}</span>
              <span className="diff-sign">{line.sign === '\\' ? '' : line.sign}</span>
              <span className="diff-text" data-diff-text>
                {line.sign === '\\' ? <i>{line.text.trim()}</i> : <InvisibleText text={line.text} />}
              </span>
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}

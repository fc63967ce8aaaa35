// Skill markdown, rendered safely (MarkdownContent.tsx). The markdown stack —
// react-markdown, remark-gfm, micromark, mdast and hast — is loaded the first
// time a file is rendered, not with the window: the catalog's first rows do not
// wait for it.
import { lazy, Suspense } from 'react';
import { Busy } from './Busy.js';

export interface MarkdownProps {
  readonly source: string;
  /** The SKILL.md (or other file) URI that relative links resolve against: the skill root. */
  readonly skillUri: string;
  readonly onOpenFile: (fileUri: string) => void;
  readonly onExternal: (url: string) => void;
}

const MarkdownContent = lazy(() => import('./MarkdownContent.js'));

export function Markdown(props: MarkdownProps) {
  return (
    <Suspense fallback={<Busy>Loading…</Busy>}>
      <MarkdownContent {...props} />
    </Suspense>
  );
}

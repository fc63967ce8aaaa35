// Skill markdown, rendered safely: no raw HTML (react-markdown drops it by
// default and we add no rehype-raw), no remote loads until the user asks.
import Markdown_ from 'react-markdown';
import remarkGfm from 'remark-gfm';

export function Markdown({ source }: { source: string }) {
  return (
    <div className="markdown-body" data-testid="markdown">
      <Markdown_ remarkPlugins={[remarkGfm]} skipHtml>
        {stripFrontmatter(source)}
      </Markdown_>
    </div>
  );
}

function stripFrontmatter(text: string): string {
  const match = /^\uFEFF?---\r?\n[\s\S]*?\r?\n---\r?\n?/.exec(text);
  return match ? text.slice(match[0].length) : text;
}

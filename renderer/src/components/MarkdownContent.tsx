// Skill markdown, rendered safely (the lazily loaded half of Markdown.tsx): raw HTML is shown as the text it is, never
// rendered (no rehype-raw) and never dropped (reveal-raw-html.ts: the model reads it, so the reviewer must), no
// navigation by the browser (every link is intercepted), no remote load until
// the user asks. Relative links resolve against the skill root, the spec's
// rule, and open that file of the same skill on the same server. Characters
// a reader cannot see are drawn as marks, as in the Bytes view
// (reveal-invisible.ts): rendered text never hides a bidi override. What is
// parsed is bounded first (markdown-budget.ts): the rest of a file too large,
// too deeply nested or too full of marks to parse quickly is named, not drawn.
import { Anchor, Button, Text, Tooltip } from '@mantine/core';
import { IconExternalLink, IconFile, IconLinkOff, IconPhoto, IconScissors } from '@tabler/icons-react';
import { useLayoutEffect, useMemo, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { resolveReference, type Resolution } from '../../../shared/skill-uri.js';
import { InvisibleText } from './InvisibleText.js';
import { cutNote, flattenDeep, markdownPart } from './markdown-budget.js';
import { shownName, shownText } from './shown-text.js';
import { UriText } from './UriText.js';
import { revealInvisible } from './reveal-invisible.js';
import { revealRawHtml } from './reveal-raw-html.js';
import { stripFrontmatter } from './skill-md.js';

import type { MarkdownProps } from './Markdown.js';

/** Loaded the first time a skill's markdown is shown (Markdown.tsx), so the markdown stack is not in the window's first script. */
export default function MarkdownContent({ source, skillUri, onOpenFile, onExternal }: MarkdownProps) {
  // One set of renderers per skill, not per render: react-markdown takes each as a component type, so a
  // new function on every render would remount every link and image (a remote image the user chose to
  // load went back to its placeholder whenever the pane re-rendered). The callbacks are read at call time.
  const callbacks = useRef({ onOpenFile, onExternal });
  useLayoutEffect(() => {
    callbacks.current = { onOpenFile, onExternal };
  });
  const components = useMemo<Components>(() => {
    const openFile = (uri: string) => callbacks.current.onOpenFile(uri);
    const external = (url: string) => callbacks.current.onExternal(url);
    return {
      a: ({ href, children }) => <SkillLink href={href ?? ''} skillUri={skillUri} onOpenFile={openFile} onExternal={external}>{children}</SkillLink>,
      img: ({ src, alt }) => <DeferredImage src={typeof src === 'string' ? src : ''} alt={alt ?? ''} skillUri={skillUri} onOpenFile={openFile} />,
      // Only revealInvisible makes spans (raw HTML is shown as code): each is a text run with marks to draw.
      span: ({ node, ...props }) => {
        const text = node?.properties?.['dataRevealText'];
        return typeof text === 'string' ? (
          <span data-revealed-text>
            <InvisibleText text={text} />
          </span>
        ) : (
          <span {...props} />
        );
      },
    };
  }, [skillUri]);
  const part = useMemo(() => {
    const body = stripFrontmatter(source);
    // The body's first line in the file, so the cut names the line the Bytes tab shows.
    let firstLine = 1;
    for (let i = 0; i < source.length - body.length; i++) if (source.charCodeAt(i) === 10) firstLine++;
    return markdownPart(body, firstLine);
  }, [source]);
  const note = cutNote(part);
  return (
    <div className="markdown-body" data-testid="markdown">
      {/* Links are resolved by SkillLink, never followed raw, so the URL is passed through untouched. */}
      <ReactMarkdown remarkPlugins={[remarkGfm]} rehypePlugins={[revealRawHtml, flattenDeep, revealInvisible]} components={components} urlTransform={(url) => url}>
        {part.rendered}
      </ReactMarkdown>
      {note ? (
        <Text size="sm" c="dimmed" data-markdown-cut={part.cut?.reason} data-markdown-cut-line={part.cut?.line}>
          <IconScissors size={14} aria-hidden style={{ verticalAlign: '-2px', marginRight: 4 }} />
          {note}
        </Text>
      ) : null}
    </div>
  );
}

/** What a link's tooltip says: where it leads, or why it is not followed; the skill's own words with each invisible character as its marker. */
export function linkTooltip(resolved: Resolution): string {
  switch (resolved.kind) {
    case 'skill-file':
      return `Opens ${shownName(resolved.relativePath)} of this skill`;
    case 'external':
      return `Outside link: ${shownName(resolved.url)} (asks before opening)`;
    case 'anchor':
      return `Link within this page (#${shownName(resolved.fragment)})`;
    case 'escapes':
      return `"${shownName(resolved.reference)}" climbs out of the skill root; it is not followed.`;
    case 'other-uri':
      return `${shownName(resolved.uri)} is not a file of this skill; it is not followed.`;
  }
}

function SkillLink({ href, skillUri, onOpenFile, onExternal, children }: { href: string; skillUri: string; onOpenFile: (uri: string) => void; onExternal: (url: string) => void; children: ReactNode }) {
  const resolved = resolveReference(href, skillUri);
  const stop = (event: MouseEvent) => event.preventDefault();
  switch (resolved.kind) {
    case 'skill-file':
      return (
        <Tooltip label={linkTooltip(resolved)} withArrow openDelay={300}>
          <Anchor
            href="#"
            data-skill-link={resolved.relativePath}
            onClick={(event: MouseEvent) => {
              stop(event);
              onOpenFile(resolved.uri);
            }}
          >
            <IconFile size={13} aria-hidden style={{ verticalAlign: '-2px', marginRight: 2 }} />
            {children}
          </Anchor>
        </Tooltip>
      );
    case 'external':
      return (
        <Tooltip label={linkTooltip(resolved)} withArrow openDelay={300}>
          <Anchor
            href={resolved.url}
            data-external-link={resolved.url}
            rel="noopener noreferrer"
            onClick={(event: MouseEvent) => {
              stop(event);
              onExternal(resolved.url);
            }}
          >
            {children}
            <IconExternalLink size={12} aria-hidden style={{ verticalAlign: '-1px', marginLeft: 2 }} />
          </Anchor>
        </Tooltip>
      );
    case 'anchor':
      return (
        <Text span c="blue" title={linkTooltip(resolved)}>
          {children}
        </Text>
      );
    case 'other-uri':
    case 'escapes': {
      return (
        <Tooltip label={linkTooltip(resolved)} withArrow multiline w={320}>
          <Text span c="dimmed" td="line-through" data-blocked-link={href}>
            <IconLinkOff size={12} aria-label="link not followed" style={{ verticalAlign: '-1px', marginRight: 2 }} />
            {children}
          </Text>
        </Tooltip>
      );
    }
  }
}

/** Images load only when the user asks: a remote image tells its server who read the skill, and when. */
function DeferredImage({ src, alt, skillUri, onOpenFile }: { src: string; alt: string; skillUri: string; onOpenFile: (uri: string) => void }) {
  const [shown, setShown] = useState(false);
  const resolved = resolveReference(src, skillUri);
  if (resolved.kind === 'external' && /^https:/i.test(resolved.url)) {
    if (shown) return <img src={resolved.url} alt={shownText(alt)} referrerPolicy="no-referrer" style={{ maxWidth: '100%' }} data-remote-image={resolved.url} />;
    let host = resolved.url;
    try {
      host = new URL(resolved.url).host;
    } catch {
      // Keep the raw text: the button still names what would load.
    }
    return (
      <Button variant="default" size="compact-xs" leftSection={<IconPhoto size={14} />} onClick={() => setShown(true)} data-remote-image-placeholder={resolved.url}>
        Load image from <UriText uri={host} />
        <AltText alt={alt} />
      </Button>
    );
  }
  if (resolved.kind === 'skill-file') {
    return (
      <Button variant="default" size="compact-xs" leftSection={<IconPhoto size={14} />} onClick={() => onOpenFile(resolved.uri)}>
        Image <UriText uri={resolved.relativePath} />
        <AltText alt={alt} /> (open file)
      </Button>
    );
  }
  return (
    <Text span c="dimmed" size="sm" data-blocked-image={src}>
      [image not loaded: <UriText uri={src.slice(0, 120)} />]
    </Text>
  );
}

/** An image's alt text after what names the image, in quotes; nothing when it has none. */
function AltText({ alt }: { alt: string }) {
  return alt ? (
    <>
      {' — “'}
      <InvisibleText text={alt} />”
    </>
  ) : null;
}

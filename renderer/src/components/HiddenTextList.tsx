// Text the reader does not see but the model receives, made visible: decoded
// tag characters, zero-width and bidi runs, HTML comments, image metadata,
// encoded blobs decoded.
// Each one opens the place it was found.
import { Badge, Code, Group, Paper, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { HiddenText, HiddenTextKind } from '../../../shared/review-model.js';
import { InvisibleText } from './InvisibleText.js';
import { RevealedText } from './RevealedText.js';

const HIDDEN_KIND: Record<HiddenTextKind, string> = {
  'tag-characters': 'Invisible Unicode tag characters, decoded',
  'invisible-characters': 'Invisible characters',
  'html-comment': 'HTML comment',
  'hidden-markdown': 'Markdown that renders to nothing',
  'hidden-html': 'Hidden HTML',
  'image-metadata': 'Text inside an image',
  'decoded-payload': 'Encoded text, decoded',
};

/** Long hidden text is cut in the list; the Bytes tab has all of it. */
const MAX_SHOWN_CHARS = 2_000;

export function HiddenTextList({ hidden, onOpen, fileLabel }: { hidden: readonly HiddenText[]; onOpen?: (h: HiddenText) => void; fileLabel?: (fileUri: string) => string }) {
  if (hidden.length === 0) return null;
  return (
    <Stack gap={6} data-testid="hidden-text" data-hidden-count={hidden.length}>
      {hidden.map((h, i) => {
        const place = (
          <Group gap={6} mb={4} wrap="nowrap">
            <Badge color="red" variant="light" size="sm" style={{ flex: '0 0 auto' }}>
              {HIDDEN_KIND[h.kind]}
            </Badge>
            <Text size="xs" c="dimmed" className="mono" truncate>
              <InvisibleText text={fileLabel ? fileLabel(h.fileUri) : h.fileUri.slice(h.fileUri.lastIndexOf('/') + 1)} identifier />
              {h.line !== undefined ? `:${h.line}` : ''}
              {h.column !== undefined && h.line !== undefined ? `:${h.column}` : ''}
              {h.field ? (
                <>
                  {' · '}
                  <InvisibleText text={h.field} identifier />
                </>
              ) : null}
            </Text>
          </Group>
        );
        const text = h.text.length > MAX_SHOWN_CHARS ? `${h.text.slice(0, MAX_SHOWN_CHARS)} …` : h.text;
        return (
          <Paper key={i} withBorder p="xs" data-hidden-kind={h.kind} data-hidden-file={h.fileUri} data-hidden-line={h.line} data-hidden-finding={h.findingId}>
            {onOpen ? (
              <UnstyledButton onClick={() => onOpen(h)} style={{ display: 'block', width: '100%' }} data-action="open-hidden">
                {/* Named by what it shows, so the words a person sees are the words a screen reader says. */}
                <VisuallyHidden>Show where: </VisuallyHidden>
                {place}
              </UnstyledButton>
            ) : (
              place
            )}
            <Code block data-hidden-text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              <RevealedText text={text} />
            </Code>
          </Paper>
        );
      })}
    </Stack>
  );
}

// Text the reader does not see but the model receives, made visible: decoded
// tag characters, zero-width and bidi runs, HTML comments, image metadata.
import { Badge, Code, Group, Paper, Stack, Text } from '@mantine/core';
import type { HiddenText, HiddenTextKind } from '../../../shared/review-model.js';

const KIND: Record<HiddenTextKind, string> = {
  'tag-characters': 'Invisible Unicode tag characters (decoded)',
  'invisible-characters': 'Invisible characters',
  'html-comment': 'HTML comment',
  'hidden-markdown': 'Markdown that renders to nothing',
  'hidden-html': 'Hidden HTML',
  'image-metadata': 'Text inside an image',
};

export function HiddenTextList({ hidden, onOpen }: { hidden: readonly HiddenText[]; onOpen?: (h: HiddenText) => void }) {
  if (hidden.length === 0) return null;
  return (
    <Stack gap={6} data-testid="hidden-text">
      {hidden.map((h, i) => (
        <Paper key={i} withBorder p="xs" data-hidden-kind={h.kind} onClick={onOpen ? () => onOpen(h) : undefined} style={onOpen ? { cursor: 'pointer' } : undefined}>
          <Group gap={6} mb={4}>
            <Badge color="red" variant="light" size="sm">
              {KIND[h.kind]}
            </Badge>
            <Text size="xs" c="dimmed" className="mono">
              {h.fileUri.slice(h.fileUri.lastIndexOf('/') + 1)}
              {h.line !== undefined ? `:${h.line}` : ''}
              {h.field ? ` · ${h.field}` : ''}
            </Text>
          </Group>
          <Code block data-hidden-text>
            {h.text}
          </Code>
        </Paper>
      ))}
    </Stack>
  );
}

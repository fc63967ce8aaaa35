// One titled part of the review, so the reader can scan the headings first.
import { Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function ReviewSection({ title, id, aside, children }: { title: string; id: string; aside?: ReactNode; children: ReactNode }) {
  return (
    <Stack gap={6} component="section" data-review-section={id} aria-label={title}>
      <Group justify="space-between" gap="xs">
        <Title order={3} size="h6" tt="uppercase" c="dimmed">
          {title}
        </Title>
        {aside}
      </Group>
      {children}
    </Stack>
  );
}

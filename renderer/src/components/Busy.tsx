// A small spinner with words saying what the app is doing meanwhile.
import { Group, Loader, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export function Busy({ children, size = 'sm' }: { children: ReactNode; size?: 'xs' | 'sm' }) {
  return (
    <Group gap={6}>
      <Loader size="xs" />
      <Text size={size} c="dimmed">
        {children}
      </Text>
    </Group>
  );
}

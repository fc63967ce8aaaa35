// The line a decision surface shows while the change review of an approved
// skill that changed runs (state/verdict-shown.ts): the Reviewing… badge the
// skill's row and header show, and what that means for a decision. The bytes
// served now are not judged yet, so what they hold (and each error a person
// must acknowledge before approving them) is not known yet either.
import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { VerdictBadge } from '../../components/VerdictBadge.js';

export function ChangeReviewRunning({ children, size = 'xs' }: { children: ReactNode; size?: 'xs' | 'sm' }) {
  return (
    <Group gap={6} wrap="nowrap" align="center" data-change-review-running>
      <VerdictBadge verdict="reviewing" size={size === 'sm' ? 'sm' : 'xs'} />
      <Text size={size} component="span">
        {children}
      </Text>
    </Group>
  );
}

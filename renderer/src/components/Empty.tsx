// Empty states say what is missing and what to do next.
import { EmptyState } from '@mantine/core';
import type { ReactNode } from 'react';

export function Empty({ icon, title, children, actions }: { icon?: ReactNode; title: string; children?: ReactNode; actions?: ReactNode }) {
  return (
    <EmptyState size="sm" p="lg" icon={icon} title={title} description={children} data-empty-state>
      {actions ? <EmptyState.Actions>{actions}</EmptyState.Actions> : null}
    </EmptyState>
  );
}

// What a local folder's bounded scan did not follow or read, and why: a link
// out of the folder, a SKILL.md that is a FIFO or device, a folder too deep, a
// tooling folder. Shown beside the folder so nothing is dropped silently.
import { Badge, Popover, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { LocalOrigin } from '../../../../shared/review-model.js';
import { InvisibleText } from '../../components/InvisibleText.js';
import { shownName } from '../../components/shown-text.js';
import { UriText } from '../../components/UriText.js';

export function SkippedList({ origin }: { origin: LocalOrigin }) {
  const { skipped } = origin;
  if (skipped.length === 0 && !origin.truncated) return null;
  const label = skipped.length > 0 ? `${skipped.length.toLocaleString()} skipped` : 'scan stopped at a limit';
  return (
    <Popover position="bottom-start" withArrow shadow="md" width={520}>
      <Popover.Target>
        <UnstyledButton aria-label={`What the scan of ${shownName(origin.label)} skipped`} data-action="show-skipped">
          <Badge color={origin.truncated ? 'yellow' : 'gray'} variant="light" size="sm" leftSection={<IconAlertTriangle size={12} aria-hidden />} data-local-skipped-count={skipped.length}>
            {label}
          </Badge>
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={6} data-local-skipped>
          {origin.truncated ? (
            <Text size="xs" c="yellow">
              The scan stopped at a limit (depth, folders, files per skill or bytes): some files or skills were not read.
            </Text>
          ) : null}
          <ScrollArea.Autosize mah={320} type="auto">
            <Stack gap={6}>
              {skipped.map((s) => (
                <div key={`${s.path}\n${s.reason}`} data-skipped-path={s.path}>
                  <Text size="xs" className="mono" style={{ overflowWrap: 'anywhere' }}>
                    <UriText uri={s.path} />
                  </Text>
                  <Text size="xs" c="dimmed">
                    <InvisibleText text={s.reason} />
                  </Text>
                </div>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

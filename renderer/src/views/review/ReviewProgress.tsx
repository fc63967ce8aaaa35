// A review in progress: which file, how many of how many, and Cancel.
import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconPlayerStop } from '@tabler/icons-react';
import type { SkillEntry } from '../../../../shared/model.js';
import { useReviewSession } from '../../state/review-session.js';
import { relativePath } from '../skill/use-skill-file.js';

export function ReviewProgress({ entry, done, total, fileUri }: { entry: SkillEntry; done: number; total: number; fileUri?: string }) {
  const value = total > 0 ? (done / total) * 100 : 0;
  return (
    <Stack gap={6} data-review-progress={`${done}/${total}`} role="status" aria-live="polite">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" truncate>
          {total === 0 ? 'Asking the server for the skill as it is now…' : `Reading and verifying file ${Math.min(done + 1, total)} of ${total}`}
          {fileUri ? (
            <Text span size="sm" c="dimmed" className="mono">
              {' '}
              · last read {relativePath(entry, fileUri)}
            </Text>
          ) : null}
        </Text>
        <Button size="compact-sm" variant="default" leftSection={<IconPlayerStop size={14} />} onClick={() => void useReviewSession.getState().cancel(entry.serverId, entry.uri)} data-action="cancel-review">
          Cancel
        </Button>
      </Group>
      <Progress value={value} size="sm" animated={done < total || total === 0} aria-label="Review progress" />
    </Stack>
  );
}

// When a skill's SKILL.md failed verification, nothing else of it was read —
// as a host refuses such a skill. This says so where the files and checks are
// shown, with the one explicit way to look anyway: "Read the rest for
// inspection", which reads the other files without ever making the skill
// verified.
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconEyeSearch } from '@tabler/icons-react';
import type { SkillEntry } from '../../../../shared/model.js';

/** The files of the skill left unread because its SKILL.md failed. */
export function filesNotRead(entry: SkillEntry): string[] {
  return Object.entries(entry.files)
    .filter(([, check]) => check.state === 'unread' && check.reason === 'skill-md-failed')
    .map(([uri]) => uri);
}

export function ReadRestNotice({ entry, count, onRead, busy, disabled, what = 'read' }: { entry: SkillEntry; count?: number; onRead: () => void; busy?: boolean; disabled?: boolean; what?: 'read' | 'reviewed' }) {
  const n = count ?? filesNotRead(entry).length;
  if (n === 0) return null;
  return (
    <Alert color="red" variant="light" icon={<IconEyeSearch size={18} />} p="xs" title="Not read: SKILL.md failed verification" data-not-read={n}>
      <Stack gap={6}>
        <Text size="sm">
          A host reads nothing else of a skill whose SKILL.md does not check out, so {n === 1 ? 'its other file was' : `its ${n} other files were`} not {what}. You can read
          {n === 1 ? ' it' : ' them'} to see what the server serves; the skill stays unverified whatever they hold.
        </Text>
        <Group>
          <Button size="compact-xs" variant="light" color="red" leftSection={<IconEyeSearch size={12} />} loading={busy ?? false} disabled={disabled ?? false} onClick={onRead} data-action="read-rest-for-inspection">
            Read the rest for inspection
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

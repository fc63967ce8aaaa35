// The catalog of a local folder with no skills: why, and what to do.
import { Button, Stack, Text } from '@mantine/core';
import { IconFolderOff } from '@tabler/icons-react';
import type { LocalOrigin } from '../../../../shared/review-model.js';
import { Empty } from '../../components/Empty.js';
import { ErrorNotice } from '../../components/ErrorNotice.js';
import { useLocalOrigins } from '../../state/local-origins.js';
import { InvisibleText } from '../../components/InvisibleText.js';

export function LocalCatalogEmpty({ origin }: { origin: LocalOrigin }) {
  const rescan = () => void useLocalOrigins.getState().rescan(origin.id).catch(() => undefined);
  if (origin.error) {
    return (
      <Stack p="sm">
        <ErrorNotice title="The folder could not be read" message={origin.error} onRetry={rescan} retryLabel="Read again" />
      </Stack>
    );
  }
  return (
    <Empty
      icon={<IconFolderOff size={28} />}
      title={origin.exists ? 'No skills in this folder' : 'This folder is not on this computer'}
      actions={
        <Button size="xs" variant="default" onClick={rescan}>
          Read again
        </Button>
      }
    >
      {origin.exists ? (
        <>
          A skill is a folder with a SKILL.md in it, inside <Text span className="mono" size="sm"><InvisibleText text={origin.label} identifier /></Text>. Add one, then read the folder again.
        </>
      ) : (
        <>
          Agents would read skills from <Text span className="mono" size="sm"><InvisibleText text={origin.label} identifier /></Text> if it existed. Nothing to review here.
        </>
      )}
    </Empty>
  );
}

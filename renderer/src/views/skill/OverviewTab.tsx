// The skill in plain language first: its content review (or what one would
// do), its description with any invisible character drawn, what the listing
// already tells (tools, scripts, nested skills, files), warnings a reviewer
// must see before reading (content that did not match, hidden characters),
// then the rendered SKILL.md body.
import { Alert, Anchor, Loader, Stack, Text } from '@mantine/core';
import { IconCircleX, IconEyeOff } from '@tabler/icons-react';
import { useMemo } from 'react';
import type { SkillEntry } from '../../../../shared/model.js';
import { ErrorNotice } from '../../components/ErrorNotice.js';
import { ListingFactList } from '../../components/ListingFacts.js';
import { Markdown } from '../../components/Markdown.js';
import { SkillDescription } from '../../components/SkillDescription.js';
import { summarise } from '../../components/invisible.js';
import { useDialogs } from '../../state/dialogs.js';
import { skillKey } from '../../state/keys.js';
import { shownReview, useReviews } from '../../state/review.js';
import { useSelection } from '../../state/selection.js';
import { ContentReview } from './ContentReview.js';
import { reloadFile, useSkillFile } from './use-skill-file.js';

export function OverviewTab({ entry }: { entry: SkillEntry }) {
  const load = useSkillFile(entry, entry.uri);
  const openFile = useSelection((s) => s.openFile);
  const openDialog = useDialogs((s) => s.open);
  const text = load?.state === 'loaded' ? load.content.text : undefined;
  const hidden = useMemo(() => (text !== undefined ? summarise(text) : undefined), [text]);
  // Once a review has revealed the hidden text, it says it better than a count.
  const reviewShowsHidden = useReviews((s) => (shownReview(s.reviews.get(skillKey(entry.serverId, entry.uri)))?.hidden.length ?? 0) > 0);

  return (
    <Stack gap="sm" p="md" className="tab-scroll">
      <ContentReview entry={entry} />
      <SkillDescription description={entry.description} />
      <ListingFactList entry={entry} />
      {load === undefined || load.state === 'loading' ? (
        <Stack align="center" py="lg" gap={6}>
          <Loader size="sm" />
          <Text size="sm" c="dimmed">
            Reading SKILL.md…
          </Text>
        </Stack>
      ) : null}
      {load?.state === 'error' ? <ErrorNotice title="SKILL.md could not be read" message={load.message} onRetry={() => reloadFile(entry, entry.uri)} /> : null}
      {load?.state === 'loaded' && load.content.check.state === 'failed' ? (
        <Alert color="red" variant="light" icon={<IconCircleX size={18} />} title="SKILL.md does not match the listing" data-overview-mismatch>
          <Text size="sm">
            {load.content.check.message} What follows is shown for inspection only; a host must not use it.{' '}
            <Anchor component="button" type="button" size="sm" onClick={() => openFile(entry.uri, 'files')}>
              See the evidence
            </Anchor>
          </Text>
        </Alert>
      ) : null}
      {hidden && hidden.total > 0 && !reviewShowsHidden ? (
        <Alert color="red" variant="light" icon={<IconEyeOff size={18} />} title="This file holds characters you cannot see here" data-overview-hidden={hidden.total}>
          <Text size="sm">
            {hidden.description}. The model receives them all
            {hidden.hiddenTexts.length > 0 ? <>, including hidden text: <b className="mono">“{hidden.hiddenTexts.join('”, “')}”</b></> : null}.{' '}
            <Anchor component="button" type="button" size="sm" onClick={() => openFile(entry.uri, 'bytes')} data-action="show-bytes">
              Show them in Bytes
            </Anchor>
          </Text>
        </Alert>
      ) : null}
      {load?.state === 'loaded' && text === undefined && load.content.check.state !== 'failed' ? (
        <Text size="sm" c="dimmed">
          SKILL.md is not UTF-8 text, so it cannot be rendered. The Bytes tab shows its exact content.
        </Text>
      ) : null}
      {text !== undefined ? <Markdown source={text} skillUri={entry.uri} onOpenFile={(uri) => openFile(uri, 'files')} onExternal={(url) => openDialog({ kind: 'external-link', url })} /> : null}
    </Stack>
  );
}

// The listing's frontmatter beside the served SKILL.md's. The spec wants
// them identical; every field that differs is marked in words and colour.
import { Alert, Loader, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { useEffect, useMemo, useRef } from 'react';
import type { SkillEntry } from '../../../../shared/model.js';
import { ErrorNotice } from '../../components/ErrorNotice.js';
import { compareFrontmatter, parseServedFrontmatter } from '../../components/frontmatter-compare.js';
import { useSelection } from '../../state/selection.js';
import { FrontmatterTable } from './FrontmatterTable.js';
import { reloadFile, useSkillFile } from './use-skill-file.js';

export function FrontmatterTab({ entry }: { entry: SkillEntry }) {
  const load = useSkillFile(entry, entry.uri);
  const field = useSelection((s) => s.field);
  const text = load?.state === 'loaded' ? load.content.text : undefined;
  const served = useMemo(() => (text !== undefined ? parseServedFrontmatter(text) : undefined), [text]);
  const rows = useMemo(() => compareFrontmatter(entry.frontmatter, served?.ok ? served.value : {}), [entry.frontmatter, served]);
  const differing = served?.ok ? rows.filter((r) => !r.same).length : 0;
  const highlighted = useRef<HTMLTableRowElement>(null);
  useEffect(() => {
    highlighted.current?.scrollIntoView({ block: 'center' });
  }, [field, rows]);

  return (
    <Stack gap="sm" p="md" className="tab-scroll">
      {load === undefined || load.state === 'loading' ? <Loader size="sm" /> : null}
      {load?.state === 'error' ? <ErrorNotice title="SKILL.md could not be read, so there is nothing to compare with" message={load.message} onRetry={() => reloadFile(entry, entry.uri)} /> : null}
      {served && !served.ok ? <ErrorNotice title="The served frontmatter cannot be compared" message={served.message} /> : null}
      {entry.source === 'local' ? (
        <Text size="xs" c="dimmed" data-frontmatter-state="local">
          This skill is read from a folder on this computer. There is no listing to compare with: both columns show its SKILL.md, with every invisible character drawn.
        </Text>
      ) : null}
      {served?.ok && entry.source !== 'local' ? (
        differing === 0 ? (
          <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />} title="Identical" data-frontmatter-state="same">
            The listing's frontmatter and the served SKILL.md's frontmatter are the same, field by field.
          </Alert>
        ) : (
          <Alert color="red" variant="light" icon={<IconCircleX size={18} />} title={`${differing} field${differing === 1 ? ' differs' : 's differ'}`} data-frontmatter-state="different">
            The listing describes this skill differently from the file the server serves. A host compares them and must not load the skill when they differ.
          </Alert>
        )
      ) : null}
      <FrontmatterTable rows={rows} servedKnown={Boolean(served?.ok)} field={field} highlighted={highlighted} />
    </Stack>
  );
}

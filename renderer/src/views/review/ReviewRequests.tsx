// What the skill asks of a host, each part in plain words: programs it
// ships, tools it wants to use without asking (a requested elevation, never
// granted by approval), frontmatter some hosts act on, commands some hosts
// run before the prompt, and nested skills — each needing its own approval.
import { Anchor, Badge, Code, Group, List, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconLock, IconLockOpen } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { ReviewReport } from '../../../../shared/approvals-model.js';
import type { SummaryPoint } from '../../../../shared/review-model.js';
import type { SkillEntry } from '../../../../shared/model.js';
import { ApprovalBadge } from '../../components/ApprovalBadge.js';
import { InvisibleText } from '../../components/InvisibleText.js';
import { UriText } from '../../components/UriText.js';
import { useApproval } from '../../state/approvals.js';
import { skillKey } from '../../state/keys.js';
import { useCatalog } from '../../state/catalog.js';
import { useSelection } from '../../state/selection.js';
import { PlainPoints } from './PlainPoints.js';
import type { ReviewLinks } from './review-links.js';

function Part({ title, count, children, id }: { title: string; count: number; children: ReactNode; id: string }) {
  return (
    <Stack gap={4} data-request={id} data-request-count={count}>
      <Group gap={6}>
        <Text size="sm" fw={600}>
          {title}
        </Text>
        <Badge size="xs" variant="light" color={count > 0 ? 'yellow' : 'gray'}>
          {count === 0 ? 'none' : count}
        </Badge>
      </Group>
      {children}
    </Stack>
  );
}

export function ReviewRequests({ entry, report, links, plain = [] }: { entry: SkillEntry; report: ReviewReport; links: ReviewLinks; plain?: readonly SummaryPoint[] }) {
  const r = report.requests;
  return (
    <Stack gap="sm" data-review-requests>
      {/* The summary's plain words first, then the evidence part by part. */}
      <PlainPoints points={plain} links={links} />
      <Part title="Programs it ships" count={r.scripts.length} id="scripts">
        {r.scripts.length > 0 ? (
          <List size="sm" spacing={2}>
            {r.scripts.map((s) => (
              <List.Item key={s.uri}>
                <Anchor component="button" type="button" size="sm" className="mono" onClick={() => links.openFile(s.uri, 'source')}>
                  <UriText uri={s.path} />
                </Anchor>{' '}
                <Text span size="xs" c="dimmed">
                  — <InvisibleText text={s.reasons.join(', ')} />
                </Text>
              </List.Item>
            ))}
          </List>
        ) : null}
      </Part>
      <AllowedTools entry={entry} report={report} />
      <Part title="Frontmatter some hosts act on" count={r.executableFields.length} id="executable-fields">
        {r.executableFields.map((f) => (
          <Text size="sm" key={f.field} data-executable-field={f.field}>
            <Code>
              <InvisibleText text={f.field} identifier />
            </Code>{' '}
            ={' '}
            <Code>
              <InvisibleText text={f.value} identifier />
            </Code>{' '}
            <Text span size="xs" c="dimmed">
              — <InvisibleText text={f.why} />
            </Text>
          </Text>
        ))}
      </Part>
      <Part title="Commands some hosts run before the prompt" count={r.commandExpansions.length + (r.commandExpansionsNotListed ?? 0)} id="command-expansions">
        {r.commandExpansions.map((c, i) => (
          <Group gap={6} key={i} wrap="nowrap">
            <Anchor component="button" type="button" size="xs" className="mono" onClick={() => links.openFile(c.uri, 'bytes', c.line)} style={{ flex: '0 0 auto' }}>
              <UriText uri={links.fileLabel(c.uri)} />:{c.line}
            </Anchor>
            <Code style={{ overflowWrap: 'anywhere' }}>
              <InvisibleText text={c.text} identifier />
            </Code>
          </Group>
        ))}
        {r.commandExpansionsNotListed ? (
          <Text size="xs" c="orange" data-not-listed={r.commandExpansionsNotListed}>
            {r.commandExpansionsNotListed} more {r.commandExpansionsNotListed === 1 ? 'is' : 'are'} in the files and not listed here (the first {r.commandExpansions.length} are): read the files before you approve.
          </Text>
        ) : null}
      </Part>
      <Part title="Skills inside this skill" count={r.nestedSkills.length} id="nested-skills">
        {r.nestedSkills.length > 0 ? (
          <Text size="xs" c="dimmed">
            Approving this skill does not activate these: each one needs its own review and approval.
          </Text>
        ) : null}
        {r.nestedSkills.map((n) => (
          <NestedSkill key={n.uri} serverId={entry.serverId} uri={n.uri} path={n.path} known={n.known} />
        ))}
      </Part>
    </Stack>
  );
}

function AllowedTools({ entry, report }: { entry: SkillEntry; report: ReviewReport }) {
  const record = useApproval(entry.serverId, entry.uri);
  const tools = report.requests.allowedTools;
  // The live grant: approval never grants; only its own switch (below) does.
  const granted = record?.decision === 'approved' && record.allowedTools?.granted === true;
  return (
    <Part title="Tools it wants to use without asking (allowed-tools)" count={tools ? tools.requested.length : 0} id="allowed-tools">
      {tools ? (
        <Stack gap={4}>
          <Group gap={6}>
            <Badge color="yellow" variant="light" size="sm" leftSection={<IconAlertTriangle size={12} />}>
              requested elevation — not granted unless you choose
            </Badge>
            <Badge color={granted ? 'red' : 'gray'} variant={granted ? 'filled' : 'outline'} size="sm" leftSection={granted ? <IconLockOpen size={12} /> : <IconLock size={12} />} data-allowed-tools-state={granted ? 'granted' : 'not-granted'}>
              {granted ? 'granted by you' : 'not granted'}
            </Badge>
          </Group>
          <Group gap={4}>
            {tools.requested.map((t) => (
              <Code key={t}>
                <InvisibleText text={t} identifier />
              </Code>
            ))}
          </Group>
          {!tools.wellFormed ? (
            <Text size="xs" c="dimmed">
              Not written as the spec asks (a space-separated string); shown item by item as found.
            </Text>
          ) : null}
        </Stack>
      ) : null}
    </Part>
  );
}

function NestedSkill({ serverId, uri, path, known }: { serverId: string; uri: string; path: string; known: boolean }) {
  const record = useApproval(serverId, uri);
  const listed = useCatalog((s) => s.skills.has(skillKey(serverId, uri)));
  const approval = record?.decision ?? 'none';
  const enabled = record?.decision === 'approved' && record.enabled;
  return (
    <Group gap={6} wrap="nowrap" data-nested-skill={uri} data-nested-approval={approval} data-nested-enabled={String(enabled)}>
      <Text size="sm" className="mono" truncate style={{ minWidth: 0 }}>
        <UriText uri={path} />
      </Text>
      {approval === 'none' ? (
        <Badge size="xs" color="gray" variant="outline">
          not reviewed
        </Badge>
      ) : (
        <ApprovalBadge approval={approval} enabled={enabled} size="xs" />
      )}
      <Badge size="xs" color={enabled ? 'green' : 'gray'} variant="light">
        {enabled ? 'active' : 'not active'}
      </Badge>
      {known && listed ? (
        <Anchor component="button" type="button" size="xs" onClick={() => useSelection.getState().openSkill(skillKey(serverId, uri), 'review')}>
          Review it
        </Anchor>
      ) : (
        <Text size="xs" c="dimmed">
          {known ? 'listed by the server' : 'not listed by the server as a skill'}
        </Text>
      )}
    </Group>
  );
}

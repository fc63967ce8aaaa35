// Where the skill comes from: the server as you named it, how the app
// reaches it, how the skill was found, the protocol era — and what the
// server says about itself, marked as its own claim.
import { Badge, Group, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ReviewReport } from '../../../../shared/approvals-model.js';
import type { SkillSource } from '../../../../shared/model.js';
import { formatTime } from '../../components/format-time.js';
import { InvisibleText } from '../../components/InvisibleText.js';
import { UriText } from '../../components/UriText.js';

const SOURCE: Record<SkillSource, string> = {
  listed: 'listed by the server (skills/list)',
  get: 'confirmed by skills/get',
  instructions: "named in the server's instructions, confirmed by skills/get",
  'user-uri': 'loaded by URI (you asked for it), confirmed by skills/get',
  legacy: 'found through an older discovery form',
  local: 'a local skill folder',
};

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th w={170} style={{ verticalAlign: 'top', fontWeight: 500 }}>
        {label}
      </Table.Th>
      <Table.Td>{children}</Table.Td>
    </Table.Tr>
  );
}

export function ReviewOrigin({ report }: { report: ReviewReport }) {
  const o = report.origin;
  return (
    <Table withTableBorder fz="sm" data-review-origin>
      <Table.Tbody>
        <Row label="Server">
          <Text size="sm" fw={600} span data-origin-label>
            <InvisibleText text={o.serverLabel} identifier />
          </Text>
          <Text size="xs" c="dimmed" span>
            {' '}
            — the name you gave it in this app
          </Text>
        </Row>
        <Row label="Reached through">
          <Text size="sm" className="mono" style={{ overflowWrap: 'anywhere' }} data-origin-transport>
            <InvisibleText text={o.transport} identifier />
          </Text>
        </Row>
        <Row label="Found as">
          <Text size="sm">
            {SOURCE[o.source]}
            {o.legacyForm ? ` (${o.legacyForm})` : ''}
          </Text>
        </Row>
        <Row label="Protocol">
          <Text size="sm" data-origin-era={o.era ?? 'unknown'}>
            {o.era === 'modern' ? 'current era (server/discover)' : o.era === 'legacy' ? 'older era (initialize)' : 'unknown'}
            {o.protocolVersion ? ` · version ${o.protocolVersion}` : ''}
          </Text>
        </Row>
        <Row label="The server says it is">
          {o.selfReported ? (
            <Group gap={6}>
              <Text size="sm" className="mono">
                <InvisibleText text={o.selfReported.name} identifier /> <InvisibleText text={o.selfReported.version} identifier />
                {o.selfReported.title ? (
                  <>
                    {' (“'}
                    <InvisibleText text={o.selfReported.title} identifier />
                    {'”)'}
                  </>
                ) : null}
              </Text>
              <Badge size="xs" color="gray" variant="outline" data-self-reported>
                self-reported, not verified
              </Badge>
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              nothing
            </Text>
          )}
        </Row>
        {report.nestedIn ? (
          <Row label="Sits inside">
            <Text size="sm" className="mono">
              <UriText uri={report.nestedIn} />
            </Text>
          </Row>
        ) : null}
        <Row label="Reviewed">
          <Text size="sm">{formatTime(report.reviewedAt)}</Text>
        </Row>
      </Table.Tbody>
    </Table>
  );
}

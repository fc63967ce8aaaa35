// Findings grouped by severity, worst first. Each says what was expected and
// what was found, and links to the place it refers to (file, line, field).
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Finding, Severity } from '../../../shared/model.js';
import { EvidenceTable } from './EvidenceTable.js';
import { InvisibleText } from './InvisibleText.js';
import { RevealedText } from './RevealedText.js';
import { SEVERITY, SeverityBadge } from './SeverityBadge.js';
import { UriText } from './UriText.js';

export interface FindingLinks {
  readonly file?: (fileUri: string) => void;
  readonly line?: (fileUri: string | undefined, line: number) => void;
  readonly field?: (field: string) => boolean | void;
  /** Whether a field name is one the Frontmatter tab shows. */
  readonly isFrontmatterField?: (field: string) => boolean;
  readonly fileLabel?: (fileUri: string) => string;
}

const ORDER: Severity[] = ['error', 'warning', 'info'];

export function FindingsList({ findings, links, focusedId }: { findings: readonly Finding[]; links: FindingLinks; focusedId?: string }) {
  return (
    <Stack gap="md">
      {ORDER.map((severity) => {
        const group = findings.filter((f) => f.severity === severity);
        if (group.length === 0) return null;
        return (
          <Stack gap={6} key={severity} data-findings-group={severity}>
            <Group gap={6}>
              <Title order={3} size="h6">
                {SEVERITY[severity].plural}
              </Title>
              <SeverityBadge severity={severity} count={group.length} size="xs" />
            </Group>
            {group.map((f, i) => (
              <FindingCard key={`${f.id}-${i}`} finding={f} links={links} focused={f.id === focusedId} />
            ))}
          </Stack>
        );
      })}
    </Stack>
  );
}

function FindingCard({ finding, links, focused }: { finding: Finding; links: FindingLinks; focused: boolean }) {
  const { fileUri, line, field } = finding.location;
  const fieldLinked = field !== undefined && links.field && (links.isFrontmatterField?.(field) ?? true);
  return (
    <Paper withBorder p="xs" radius="sm" className={`finding finding-${finding.severity}`} data-finding={finding.id} data-finding-file={fileUri} data-finding-line={line} data-focused={focused || undefined} style={focused ? { outline: '2px solid var(--mantine-color-blue-5)' } : undefined}>
      <Group gap={6} wrap="nowrap" align="flex-start">
        <SeverityBadge severity={finding.severity} size="xs" />
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Text size="sm" fw={600}>
            <InvisibleText text={finding.title} />
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            <InvisibleText text={finding.message} />
          </Text>
          <EvidenceTable expected={finding.expected} actual={finding.actual} labelWidth={80} show={(value) => <InvisibleText text={value} />} />
          {finding.excerpt ? (
            <Text size="xs" className="mono finding-excerpt" data-excerpt>
              <RevealedText text={finding.excerpt} />
            </Text>
          ) : null}
          <Group gap="sm">
            {fileUri && links.file ? (
              <Anchor component="button" type="button" size="xs" className="mono" onClick={() => links.file?.(fileUri)} data-finding-link="file">
                <UriText uri={links.fileLabel?.(fileUri) ?? fileUri} />
              </Anchor>
            ) : fileUri ? (
              <Text size="xs" className="mono" c="dimmed">
                <UriText uri={fileUri} />
              </Text>
            ) : null}
            {line !== undefined && links.line ? (
              <Anchor component="button" type="button" size="xs" onClick={() => links.line?.(fileUri, line)} data-finding-link="line">
                line {line}
                {finding.location.column !== undefined ? `:${finding.location.column}` : ''}
              </Anchor>
            ) : null}
            {field !== undefined ? (
              fieldLinked ? (
                <Anchor component="button" type="button" size="xs" className="mono" onClick={() => links.field?.(field)} data-finding-link="field">
                  field <InvisibleText text={field} identifier />
                </Anchor>
              ) : (
                <Text size="xs" c="dimmed" className="mono">
                  <InvisibleText text={field} identifier />
                </Text>
              )
            ) : null}
            <Text size="xs" c="dimmed" className="mono" ml="auto">
              {finding.id}
            </Text>
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}

// What the content checks find in the newer version compared with the older —
// the first thing the Changes tab says: what is new since approval (each
// finding one click from its marked line in the diff below), what is gone,
// and what both versions have. A finding's place (a file's path, a field), its
// title and message, the files not checked and why the rules could not run
// carry a server's words: drawn with their invisible and bidi characters as
// marks.
import { Alert, Anchor, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconInfoCircle, IconShieldExclamation } from '@tabler/icons-react';
import { Fragment, type ReactNode } from 'react';
import { pathInSkill } from '../../../../shared/entry-diff.js';
import type { RiskDelta, SkillDiff } from '../../../../shared/approvals-model.js';
import type { Finding, Severity } from '../../../../shared/model.js';
import { InvisibleText } from '../../components/InvisibleText.js';
import { SeverityBadge } from '../../components/SeverityBadge.js';

const RANK: Record<Severity, number> = { error: 0, warning: 1, info: 2 };
const worstFirst = (a: Finding, b: Finding) => RANK[a.severity] - RANK[b.severity];

/** Brings a finding's mark in the diff into view. */
function goTo(finding: Finding, path: string, kind: 'new' | 'gone'): void {
  const line = finding.location.line !== undefined ? `[data-diff-mark-line="${finding.location.line}"]` : '';
  const selector = `[data-file-diff="${CSS.escape(path)}"] [data-diff-mark="${CSS.escape(finding.id)}"][data-diff-mark-kind="${kind}"]${line}`;
  const target = document.querySelector(selector) ?? document.querySelector(`[data-file-diff="${CSS.escape(path)}"]`);
  target?.scrollIntoView({ block: 'center', behavior: 'smooth' });
}

function where(finding: Finding, skillUri: string): { path: string | undefined; text: string } {
  const { fileUri, line, field } = finding.location;
  const path = fileUri !== undefined ? pathInSkill(fileUri, skillUri) : undefined;
  const parts = [path, line !== undefined ? `line ${line}` : undefined, field !== undefined ? `field ${field}` : undefined].filter(Boolean);
  return { path, text: parts.length > 0 ? parts.join(' ') : 'the skill as a whole' };
}

function FindingItem({ finding, skillUri, kind }: { finding: Finding; skillUri: string; kind: 'new' | 'gone' | 'unchanged' }) {
  const place = where(finding, skillUri);
  const sign = kind === 'new' ? '+' : kind === 'gone' ? '−' : '=';
  return (
    <List.Item data-delta-finding={finding.id} data-delta-kind={kind} data-delta-line={finding.location.line} data-delta-severity={finding.severity}>
      <Group gap={6} wrap="nowrap" align="flex-start">
        <SeverityBadge severity={finding.severity} size="xs" />
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            <span className="mono">{sign}</span>{' '}
            {kind !== 'unchanged' && place.path !== undefined ? (
              <Anchor component="button" type="button" size="sm" className="mono" onClick={() => goTo(finding, place.path!, kind)} data-delta-goto>
                <InvisibleText text={place.text} identifier />
              </Anchor>
            ) : (
              <span className="mono">
                <InvisibleText text={place.text} identifier />
              </span>
            )}
            : <InvisibleText text={finding.title} />
          </Text>
          {kind === 'new' ? (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              <InvisibleText text={finding.message} />
            </Text>
          ) : null}
        </Stack>
      </Group>
    </List.Item>
  );
}

function DeltaGroup({ title, count, children, id }: { title: string; count: number; children: ReactNode; id: string }) {
  return (
    <Stack gap={4} data-delta-group={id} data-delta-count={count}>
      <Text size="sm" fw={600}>
        {title} ({count})
      </Text>
      {count > 0 ? (
        <List spacing={4} size="sm" listStyleType="none">
          {children}
        </List>
      ) : null}
    </Stack>
  );
}

/** File paths in a sentence, comma-separated, each marked as a name is. */
function Paths({ paths }: { paths: readonly string[] }) {
  return paths.map((path, i) => (
    <Fragment key={i}>
      {i > 0 ? ', ' : ''}
      <InvisibleText text={path} identifier />
    </Fragment>
  ));
}

function Unreviewed({ risk }: { risk: RiskDelta }) {
  if (risk.fromUnreviewed.length === 0 && risk.toUnreviewed.length === 0) return null;
  return (
    <Text size="xs" c="dimmed" data-delta-unreviewed>
      {risk.fromUnreviewed.length > 0 ? (
        <>
          Not checked in the older version (its bytes were never reviewed): <Paths paths={risk.fromUnreviewed} />.{' '}
        </>
      ) : null}
      {risk.toUnreviewed.length > 0 ? (
        <>
          Not checked in the newer version (its bytes could not be read and verified): <Paths paths={risk.toUnreviewed} />.
        </>
      ) : null}
    </Text>
  );
}

/**
 * The listing's frontmatter (what a host shows the agent before it reads a
 * file: the description above all) changed, and the rules read only the
 * files' bytes: nothing they find, or do not find, speaks for it.
 */
function ListingUnchecked({ diff, headline = false }: { diff: SkillDiff; headline?: boolean }) {
  const skillMdSame = diff.files.find((f) => f.uri === diff.skillUri)?.change === 'unchanged';
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      p="xs"
      title="The listing changed where the checks do not look"
      {...(headline ? { 'data-risk-headline': 'listing-unchecked' } : { 'data-risk-listing-unchecked': true })}
    >
      <Text size="sm">
        The listing’s frontmatter changed (<Paths paths={diff.frontmatter.map((f) => f.field)} />){skillMdSame ? ' while SKILL.md’s bytes did not' : ''}. The content checks read the files’ bytes, not the
        listing, so they cannot speak for it: read the frontmatter change below before you approve.
      </Text>
    </Alert>
  );
}

export function RiskDeltaView({ diff }: { diff: SkillDiff }) {
  const risk = diff.risk;
  if (!risk) return null;
  const since = diff.from.ref === 'approved' ? 'since approval' : 'in the newer version';
  const added = [...risk.added].sort(worstFirst);
  const newErrors = added.filter((f) => f.severity === 'error').length;
  return (
    <Stack gap="xs" component="section" aria-label="What the checks find in the new version" data-risk-delta data-risk-new={risk.added.length} data-risk-gone={risk.gone.length} data-risk-unchanged={risk.unchanged.length}>
      <Title order={3} size="h6" tt="uppercase" c="dimmed">
        What the checks find {since}
      </Title>
      {risk.unavailable ? (
        <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />} p="xs" data-risk-unavailable>
          <Text size="sm">
            <InvisibleText text={risk.unavailable} />
          </Text>
        </Alert>
      ) : newErrors > 0 ? (
        <Alert color="red" variant="light" icon={<IconShieldExclamation size={18} />} p="xs" title={`${newErrors === 1 ? 'An error' : `${newErrors} errors`} ${since}`} data-risk-headline="new-errors">
          <Text size="sm">The new version does something the approved one did not. Each place is marked in the diff below; approving it means accepting each error by name.</Text>
        </Alert>
      ) : added.length === 0 && diff.frontmatter.length > 0 ? (
        <ListingUnchecked diff={diff} headline />
      ) : added.length === 0 ? (
        <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />} p="xs" data-risk-headline="nothing-new">
          <Text size="sm">Nothing new {since}: the content checks find no finding the older version did not have. That is consistency, not a promise of safety — read the diff.</Text>
        </Alert>
      ) : null}
      {newErrors > 0 && diff.frontmatter.length > 0 ? <ListingUnchecked diff={diff} /> : null}
      {risk.unavailable ? null : (
        <>
          <DeltaGroup title={`New ${since}`} count={added.length} id="new">
            {added.map((f, i) => (
              <FindingItem key={i} finding={f} skillUri={diff.skillUri} kind="new" />
            ))}
          </DeltaGroup>
          <DeltaGroup title="Gone" count={risk.gone.length} id="gone">
            {risk.gone.map((f, i) => (
              <FindingItem key={i} finding={f} skillUri={diff.skillUri} kind="gone" />
            ))}
          </DeltaGroup>
          <DeltaGroup title="In both versions" count={risk.unchanged.length} id="unchanged">
            {[...risk.unchanged].sort(worstFirst).map((f, i) => (
              <FindingItem key={i} finding={f} skillUri={diff.skillUri} kind="unchanged" />
            ))}
          </DeltaGroup>
          <Unreviewed risk={risk} />
        </>
      )}
    </Stack>
  );
}

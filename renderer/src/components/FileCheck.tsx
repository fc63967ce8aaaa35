// One file's verification result in plain words, with the evidence (expected
// versus actual digest or size) right under it.
import { Alert, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCircleCheck, IconCircleDashed, IconCircleX, IconQuestionMark } from '@tabler/icons-react';
import type { FileCheck } from '../../../shared/model.js';
import { EvidenceTable } from './EvidenceTable.js';
import { InvisibleText } from './InvisibleText.js';

const REASONS: Record<Extract<FileCheck, { state: 'failed' }>['reason'], string> = {
  size: 'Size mismatch',
  digest: 'Digest mismatch',
  frontmatter: 'Frontmatter differs from the listing',
  unlisted: 'Not part of the skill',
  'too-large': 'Over the per-file limit',
  'read-error': 'Could not be read',
  decode: 'Could not be decoded',
  changed: 'Content changed between reads',
};

/**
 * Why a file failed, in words. A SKILL.md whose frontmatter could not be used at all (it does not parse, or hosts
 * built on the MCP SDK refuse it) fails with the frontmatter reason and no listed-versus-served evidence: it differs
 * from nothing, so it is not said to.
 */
function failedWords(check: Extract<FileCheck, { state: 'failed' }>): string {
  return check.reason === 'frontmatter' && check.expected === undefined ? 'Frontmatter not usable' : REASONS[check.reason];
}

function fileCheckWords(check: FileCheck): string {
  switch (check.state) {
    case 'unread':
      return check.reason === 'skill-md-failed' ? 'not read: SKILL.md failed verification' : 'not yet read';
    case 'verified':
      return 'matches listing';
    case 'failed':
      return failedWords(check).toLowerCase();
    case 'unverifiable':
      return 'unverifiable';
  }
}

/** A file's state as an icon for tight places (the file tree); its words are in the tooltip and for screen readers. */
export function FileCheckIcon({ check }: { check: FileCheck }) {
  const look =
    check.state === 'verified'
      ? { color: 'green', Icon: IconCircleCheck }
      : check.state === 'failed'
        ? { color: 'red', Icon: IconCircleX }
        : check.state === 'unverifiable'
          ? { color: 'yellow', Icon: IconQuestionMark }
          : { color: 'gray', Icon: IconCircleDashed };
  const words = fileCheckWords(check);
  return (
    <Tooltip label={words} withArrow openDelay={200}>
      <span role="img" aria-label={words} data-file-state={check.state} style={{ display: 'inline-flex', color: `var(--mantine-color-${look.color}-6)`, flex: '0 0 auto' }}>
        <look.Icon size={14} aria-hidden />
      </span>
    </Tooltip>
  );
}

/** The full result for the open file: what was expected, what arrived. */
export function FileCheckResult({ check, listed }: { check: FileCheck; listed?: { digest: string; size: number } }) {
  switch (check.state) {
    case 'unread':
      return (
        <Text size="sm" c="dimmed" data-file-check="unread" {...(check.reason ? { 'data-reason': check.reason } : {})}>
          <InvisibleText text={check.message ?? 'Not read yet.'} />
        </Text>
      );
    case 'verified':
      return (
        <Group gap={6} wrap="nowrap" data-file-check="verified">
          <IconCircleCheck size={16} color="var(--mantine-color-green-6)" aria-hidden style={{ flex: '0 0 auto' }} />
          <Text size="xs">
            <Text span size="xs" fw={600} c="green">
              Matches the listing:
            </Text>{' '}
            its size ({check.size.toLocaleString()} bytes) and digest are the ones listed. That shows the server served what it listed, not that the content is safe.
          </Text>
        </Group>
      );
    case 'unverifiable':
      return (
        <Alert color="yellow" variant="light" icon={<IconQuestionMark size={18} />} title="Cannot be verified" data-file-check="unverifiable" p="xs">
          <Text size="xs">
            <InvisibleText text={check.reason} />
          </Text>
        </Alert>
      );
    case 'failed': {
      const expected = check.expected ?? (check.reason === 'digest' ? listed?.digest : check.reason === 'size' ? listed?.size.toLocaleString() : undefined);
      return (
        <Alert color="red" variant="light" icon={<IconCircleX size={18} />} title={failedWords(check)} data-file-check="failed" data-reason={check.reason} p="xs">
          <Stack gap={6}>
            <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
              <InvisibleText text={check.message} />
            </Text>
            <EvidenceTable expected={expected} actual={check.actual} labelWidth={90} />
          </Stack>
        </Alert>
      );
    }
  }
}

export function Mono({ children, tip }: { children: string; tip?: string }) {
  const text = (
    <Text span className="mono" size="xs" style={{ overflowWrap: 'anywhere' }}>
      {children}
    </Text>
  );
  return tip ? <Tooltip label={tip}>{text}</Tooltip> : text;
}

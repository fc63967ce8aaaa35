// The Checks tab's positive evidence: what was checked and passed — each
// file's size and digest against the listing, the frontmatter against the
// listing's, and which rules ran (their count and the rule set's version) —
// so "no findings" is never the only thing a reviewer is told.
import { Anchor, Group, Paper, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconCircleCheck, IconCircleDashed, IconCircleX, IconListCheck } from '@tabler/icons-react';
import { useState } from 'react';
import type { Finding, SkillEntry } from '../../../../shared/model.js';
import type { SkillReview } from '../../../../shared/review-model.js';
import { formatTime } from '../../components/format-time.js';
import { useApp } from '../../state/app.js';
import { checkEvidence, frontmatterWords, type CheckOutcome, type FileEvidence } from './check-evidence.js';

/** Rows shown before "Show all": a skill may list 512 files. */
const FIRST_ROWS = 12;

const OUTCOME: Record<CheckOutcome, { mark: string; word: string; color: string }> = {
  pass: { mark: '✓', word: 'matches', color: 'var(--mantine-color-green-light-color)' },
  fail: { mark: '✗', word: 'differs', color: 'var(--mantine-color-red-light-color)' },
  'not-checked': { mark: '–', word: 'not checked', color: 'var(--mantine-color-dimmed)' },
  unread: { mark: '·', word: 'not read', color: 'var(--mantine-color-dimmed)' },
};

function shortDigest(digest: string | undefined): string {
  if (!digest) return '';
  const [algo, hex] = digest.includes(':') ? digest.split(':', 2) : ['', digest];
  return hex && hex.length > 16 ? `${algo ? `${algo}:` : ''}${hex.slice(0, 8)}…${hex.slice(-4)}` : digest;
}

/** One check's outcome: a mark and a word (never colour alone), with the value that passed. */
function Outcome({ what, outcome, value, note, ...data }: { what: string; outcome: CheckOutcome; value?: string; note?: string | undefined } & Record<`data-${string}`, string>) {
  const look = OUTCOME[outcome];
  const text = (
    <Text span size="xs" style={{ color: look.color, whiteSpace: 'nowrap' }} aria-label={`${what} ${look.word}`} {...data}>
      <span aria-hidden>{look.mark}</span> {outcome === 'pass' && value ? <span className="mono">{value}</span> : look.word}
    </Text>
  );
  return note && outcome !== 'pass' ? (
    <Tooltip label={note} multiline w={320} withArrow openDelay={200}>
      {text}
    </Tooltip>
  ) : (
    text
  );
}

function FileRow({ file }: { file: FileEvidence }) {
  return (
    <Table.Tr data-evidence-file={file.path} data-size-check={file.size} data-digest-check={file.digest}>
      <Table.Td className="mono" style={{ overflowWrap: 'anywhere' }}>
        {file.path}
      </Table.Td>
      <Table.Td>
        <Outcome what="size" outcome={file.size} value={file.bytes !== undefined ? `${file.bytes.toLocaleString()} bytes` : undefined} note={file.note} />
      </Table.Td>
      <Table.Td title={file.digest === 'pass' ? file.listedDigest : undefined}>
        <Outcome what="digest" outcome={file.digest} value={shortDigest(file.listedDigest)} note={file.note} />
      </Table.Td>
    </Table.Tr>
  );
}

export function ChecksEvidence({ entry, findings, review, local }: { entry: SkillEntry; findings: readonly Finding[]; review: SkillReview | null | undefined; local: boolean }) {
  const ruleset = useApp((s) => s.info?.ruleset);
  const [showAll, setShowAll] = useState(false);
  const evidence = checkEvidence(entry, findings);
  const total = evidence.files?.length ?? 0;
  // Nothing read, nothing reviewed: nothing ran yet (the tab's Verify notice says what to do).
  if (!local && evidence.read === 0 && !review) return null;
  const allPass = evidence.files !== undefined && total > 0 && evidence.passed === total;
  const rows = evidence.files && (showAll ? evidence.files : evidence.files.slice(0, FIRST_ROWS));

  return (
    <Paper withBorder p="xs" data-checks-evidence>
      <Stack gap={6}>
        <Group gap={6} wrap="nowrap">
          <IconListCheck size={16} aria-hidden />
          <Text size="sm" fw={600}>
            What was checked
          </Text>
        </Group>
        {local ? null : evidence.files ? (
          <>
            <Group gap={6} wrap="nowrap" data-files-summary data-files-passed={evidence.passed} data-files-total={total} data-files-read={evidence.read}>
              {allPass ? (
                <IconCircleCheck size={16} color="var(--mantine-color-green-6)" aria-hidden style={{ flex: '0 0 auto' }} />
              ) : evidence.passed < evidence.read ? (
                <IconCircleX size={16} color="var(--mantine-color-red-6)" aria-hidden style={{ flex: '0 0 auto' }} />
              ) : (
                <IconCircleDashed size={16} color="var(--mantine-color-gray-6)" aria-hidden style={{ flex: '0 0 auto' }} />
              )}
              <Text size="sm">
                {allPass
                  ? `${total.toLocaleString()} of ${total.toLocaleString()} file${total === 1 ? '' : 's'} match the listing: size ✓ digest ✓`
                  : `${evidence.passed.toLocaleString()} of ${total.toLocaleString()} file${total === 1 ? '' : 's'} match the listing in size and digest${evidence.read < total ? ` (${(total - evidence.read).toLocaleString()} not read yet)` : ''}`}
              </Text>
            </Group>
            {total > 0 ? (
              <Table fz="xs" withTableBorder verticalSpacing={2} data-evidence-files>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>File</Table.Th>
                    <Table.Th w={130}>Size</Table.Th>
                    <Table.Th w={190}>Digest</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows?.map((file) => (
                    <FileRow key={file.uri} file={file} />
                  ))}
                </Table.Tbody>
              </Table>
            ) : null}
            {total > FIRST_ROWS ? (
              <Anchor component="button" type="button" size="xs" onClick={() => setShowAll((v) => !v)}>
                {showAll ? 'Show fewer files' : `Show all ${total.toLocaleString()} files`}
              </Anchor>
            ) : null}
          </>
        ) : (
          <Text size="sm" c="dimmed" data-files-summary data-files-passed={0} data-files-total={0} data-files-read={evidence.read}>
            {entry.resources === 'dynamic' ? 'The server publishes no sizes or digests for this skill (dynamic), so no file can be matched to the listing.' : 'The entry lists no files, so nothing can be matched to the listing.'}
          </Text>
        )}
        {local ? null : (
          <Text size="sm" data-frontmatter-check={evidence.frontmatter} c={evidence.frontmatter === 'pass' || evidence.frontmatter === 'fail' ? undefined : 'dimmed'}>
            {frontmatterWords(evidence, entry)}
          </Text>
        )}
        {ruleset ? (
          <Text size="xs" c="dimmed" data-rules-ran={(local ? 0 : ruleset.conformanceRules) + (review ? ruleset.contentRules : 0)} data-ruleset-version={ruleset.version}>
            Rule set <span className="mono">{ruleset.version}</span>:{' '}
            {local ? 'the Agent Skills format rules' : `${ruleset.conformanceRules.toLocaleString()} conformance rules ran on what was read`}
            {review
              ? `${local ? ' and' : ';'} ${ruleset.contentRules.toLocaleString()} content-risk rules ran in the ${local ? 'scan of its folder' : 'content review'} of ${formatTime(review.reviewedAt)}`
              : local
                ? ' ran when its folder was read'
                : '; the content-risk rules run when you review the content'}
            .
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

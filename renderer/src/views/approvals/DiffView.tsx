// What differs between two versions of a skill, in the order a reviewer
// decides: one line in words, then what the content checks find that is new,
// gone or unchanged, then every changed file (each new finding marked on its
// line) and the frontmatter — and only after all of that, when the newer side
// is what the server serves now, approving it. The unchanged files' paths are
// the server's: drawn with their invisible and bidi characters as marks.
import { Alert, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { Fragment } from 'react';
import type { SkillDiff } from '../../../../shared/approvals-model.js';
import { InvisibleText } from '../../components/InvisibleText.js';
import type { SkillEntry } from '../../../../shared/model.js';
import { useApproval } from '../../state/approvals.js';
import { useCatalog } from '../../state/catalog.js';
import { skillKey } from '../../state/keys.js';
import { diffIdentity, diffParts, FRONTMATTER_PART, useReviewSession } from '../../state/review-session.js';
import { FileDiffCard, ShownState } from './FileDiffCard.js';
import { FrontmatterDiff } from './FrontmatterDiff.js';
import { ReapprovePanel } from './ReapprovePanel.js';
import { RiskDeltaView } from './RiskDeltaView.js';
import { plural } from './format.js';
import { useSeen } from './use-seen.js';

const NONE: ReadonlySet<string> = new Set();

export function DiffView({ diff }: { diff: SkillDiff }) {
  const { serverId, skillUri } = diff;
  const record = useApproval(serverId, skillUri);
  const id = diffIdentity(diff);
  const shown = useReviewSession((s) => {
    const entry = s.shown.get(skillKey(serverId, skillUri));
    return entry?.diff === id ? entry.parts : NONE;
  });
  const markShown = (part: string) => useReviewSession.getState().markShown(serverId, skillUri, id, part);
  const changed = diff.files.filter((f) => f.change !== 'unchanged');
  const unchanged = diff.files.filter((f) => f.change === 'unchanged');
  const count = (kind: string) => changed.filter((f) => f.change === kind).length;
  const alreadyApproved = record?.decision === 'approved' && record.fingerprint === diff.to.fingerprint;
  const frontmatterShown = shown.has(FRONTMATTER_PART);
  // The versions compared are listings: when the side the server serves now lists the same files but its last reads
  // got other bytes (a failed check), "the same, byte for byte" would be untrue.
  const entry = useCatalog((s) => s.skills.get(skillKey(serverId, skillUri)));
  const servedOther = diff.identical && (diff.to.ref === 'current' || diff.from.ref === 'current') ? failedReads(diff, entry) : [];
  const frontmatterEnd = useSeen<HTMLDivElement>(() => markShown(FRONTMATTER_PART), !frontmatterShown && diff.frontmatter.length > 0);

  return (
    <Stack gap="sm" data-diff data-diff-identical={String(diff.identical)} data-diff-to={diff.to.fingerprint}>
      {servedOther.length > 0 ? (
        <Alert color="red" variant="light" icon={<IconCircleX size={18} />} p="xs" data-diff-served-other={servedOther.map((f) => f.path).join(' ')}>
          <Text size="sm">
            The listing still describes the approved version, but the server served other bytes than it lists for{' '}
            {servedOther.map((f, i) => (
              <Fragment key={f.path}>
                {i > 0 ? ', ' : ''}
                <InvisibleText text={f.path} identifier />
              </Fragment>
            ))}
            : what it serves is not the version approved.{' '}
            {servedOther.map((f) => (
              <Fragment key={f.path}>
                <InvisibleText text={f.message} />{' '}
              </Fragment>
            ))}
            Checks shows each file’s digest and size as served.
          </Text>
        </Alert>
      ) : diff.identical ? (
        <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />} p="xs" data-diff-none>
          <Text size="sm">These two versions are the same: the same files, byte for byte, and the same frontmatter.</Text>
        </Alert>
      ) : (
        <Text size="sm" data-diff-summary>
          {plural(count('changed'), 'file')} changed, {count('added')} added, {count('removed')} removed
          {diff.frontmatter.length > 0 ? `, ${plural(diff.frontmatter.length, 'frontmatter field')} different` : ', frontmatter the same'}
          {unchanged.length > 0 ? `; ${unchanged.length} unchanged.` : '.'}
        </Text>
      )}
      <RiskDeltaView diff={diff} />
      {changed.map((f) => (
        <FileDiffCard key={f.uri} file={f} {...(diff.risk ? { risk: diff.risk } : {})} shown={shown.has(f.path)} onShown={() => markShown(f.path)} />
      ))}
      {diff.frontmatter.length > 0 ? (
        <Stack gap={4} data-diff-frontmatter data-file-shown={String(frontmatterShown)}>
          <Text size="sm" fw={600} component="div" style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
            Frontmatter <ShownState shown={frontmatterShown} />
          </Text>
          <FrontmatterDiff fields={diff.frontmatter} />
          <div ref={frontmatterEnd} aria-hidden style={{ height: 1 }} />
        </Stack>
      ) : null}
      {unchanged.length > 0 && !diff.identical ? (
        <Text size="xs" c="dimmed" data-diff-unchanged>
          Unchanged:{' '}
          {unchanged.map((f, i) => (
            <Fragment key={f.uri}>
              {i > 0 ? ', ' : ''}
              <InvisibleText text={f.path} identifier />
            </Fragment>
          ))}
        </Text>
      ) : null}
      {!alreadyApproved && !diff.identical ? <ReapprovePanel key={id} diff={diff} parts={diffParts(diff)} shown={shown} /> : null}
    </Stack>
  );
}

/** The files of the skill whose last read failed its check (served bytes other than listed, or none), by their path in the skill. */
function failedReads(diff: SkillDiff, entry: SkillEntry | undefined): Array<{ path: string; message: string }> {
  if (!entry) return [];
  const out: Array<{ path: string; message: string }> = [];
  for (const [uri, check] of Object.entries(entry.files)) {
    if (check.state !== 'failed') continue;
    out.push({ path: diff.files.find((f) => f.uri === uri)?.path ?? uri, message: check.message });
  }
  return out;
}

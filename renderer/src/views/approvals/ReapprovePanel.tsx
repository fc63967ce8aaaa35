// Approving the newer version from the diff — at its end, after the finding
// delta and every changed file. It stays disabled until each changed part
// (every changed file, and the frontmatter when it differs) has been shown,
// and, when the version has error-level findings, until each is acknowledged
// by name. The main process checks the acknowledgements again. Why approval
// is not possible and the parts still to show name the server's words (the
// skill's URI, its files' paths): drawn with their invisible and bidi
// characters as marks.
import { Anchor, Button, Group, List, Stack, Text, TextInput } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import type { SkillDiff } from '../../../../shared/approvals-model.js';
import { ErrorNotice } from '../../components/ErrorNotice.js';
import { InvisibleText } from '../../components/InvisibleText.js';
import { useApproval, useApprovals } from '../../state/approvals.js';
import { skillKey } from '../../state/keys.js';
import { FRONTMATTER_PART } from '../../state/review-session.js';
import { AcknowledgeFindings, allTicked } from './AcknowledgeFindings.js';

/**
 * Once approved, this panel and the diff give way to "the same" and the button
 * that had focus is gone: focus would fall to the page, and the next Tab start
 * again at the header. It goes to the Changes tab instead, unless the user has
 * already moved it (a few frames: the approval reaches the record by an event).
 */
function focusChangesTabWhenGone(button: HTMLElement | null, framesLeft = 120): void {
  requestAnimationFrame(() => {
    const active = document.activeElement;
    if (active && active !== document.body && active !== button) return;
    if (button?.isConnected) {
      if (framesLeft > 0) focusChangesTabWhenGone(button, framesLeft - 1);
      return;
    }
    document.querySelector<HTMLElement>('[data-tab="changes"]')?.focus();
  });
}

/** Brings a part of the diff into view (its start; it counts as shown once its end is on screen). */
function show(part: string): void {
  const selector = part === FRONTMATTER_PART ? '[data-diff-frontmatter]' : `[data-file-diff="${CSS.escape(part)}"]`;
  document.querySelector(selector)?.scrollIntoView({ block: 'start', behavior: 'smooth' });
}

export function ReapprovePanel({ diff, parts, shown }: { diff: SkillDiff; parts: readonly string[]; shown: ReadonlySet<string> }) {
  const { serverId, skillUri } = diff;
  const record = useApproval(serverId, skillUri);
  const busy = useApprovals((s) => s.busy.has(skillKey(serverId, skillUri)));
  const error = useApprovals((s) => s.errors.get(skillKey(serverId, skillUri)));
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const [note, setNote] = useState('');
  const button = useRef<HTMLButtonElement>(null);
  const unseen = parts.filter((p) => !shown.has(p));
  const acknowledged = allTicked(diff.acknowledgements, ticked);
  const ready = diff.canApprove && unseen.length === 0 && acknowledged;
  const waiting = !diff.canApprove ? 'blockers' : unseen.length > 0 ? 'shown' : !acknowledged ? 'acknowledged' : 'none';
  const approve = () =>
    void useApprovals
      .getState()
      .approve(serverId, skillUri, diff.to.fingerprint, note.trim() || undefined, diff.acknowledgements.map((a) => a.key))
      .then((r) => {
        if (!r) return;
        setNote('');
        focusChangesTabWhenGone(button.current);
      });

  return (
    <Stack gap="xs" component="section" aria-label="Approve this version" className="reapprove-panel" data-reapprove data-reapprove-waiting={waiting} data-diff-shown={`${parts.length - unseen.length}/${parts.length}`}>
      <Text size="sm" fw={600}>
        {record ? 'Approve this version again' : 'Approve this version'}
      </Text>
      {!diff.canApprove ? (
        <List size="xs" spacing={0} data-reapprove-blockers>
          {diff.blockers.map((b, i) => (
            // One sentence each: a line break in it is a path's, and would only hide where the path ends.
            <List.Item key={i}>
              <InvisibleText text={b} identifier />
            </List.Item>
          ))}
        </List>
      ) : null}
      <Text size="xs" c={unseen.length > 0 ? undefined : 'dimmed'} data-diff-shown-state>
        {unseen.length === 0
          ? `Every changed part shown (${parts.length} of ${parts.length}).`
          : `Shown ${parts.length - unseen.length} of ${parts.length} changed parts. Scroll through the rest of the diff first: `}
        {unseen.map((p, i) => (
          <span key={p}>
            {i > 0 ? ', ' : ''}
            <Anchor component="button" type="button" size="xs" className="mono" onClick={() => show(p)} data-show-part={p}>
              <InvisibleText text={p} identifier />
            </Anchor>
          </span>
        ))}
      </Text>
      <AcknowledgeFindings acknowledgements={diff.acknowledgements} ticked={ticked} onChange={setTicked} />
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <TextInput size="xs" style={{ flex: 1 }} placeholder="Note for the audit log (optional)" value={note} onChange={(e) => setNote(e.currentTarget.value)} maxLength={4000} aria-label="Note" data-field="reapproval-note" />
        <Button size="xs" color="green" style={{ flex: '0 0 auto' }} leftSection={<IconShieldCheck size={14} />} disabled={!ready} loading={busy} onClick={approve} ref={button} data-action="reapprove">
          {record ? 'Approve this version again' : 'Approve this version'}
        </Button>
      </Group>
      {error ? <ErrorNotice title="The version was not approved" message={error} /> : null}
      <Text size="xs" c="dimmed">
        Binds the approval to the newer side, exactly as shown above. It stays disabled and grants nothing until you say so.
      </Text>
    </Stack>
  );
}

// The gate an approval cannot skip: one checkbox per error-level finding of
// the version, each naming it (what it is, where), ticked by the person who
// read it. The main process checks the same list again before it approves.
// A finding's title, place (a file's path, a field) and message carry a
// server's words: drawn with their invisible and bidi characters as marks, and
// with the marker in the tooltip, so an override cannot change what a tick
// accepts.
import { Checkbox, Stack, Text } from '@mantine/core';
import { placeOf } from '../../../../shared/acknowledgements.js';
import type { Acknowledgement } from '../../../../shared/approvals-model.js';
import { InvisibleText } from '../../components/InvisibleText.js';
import { shownText } from '../../components/shown-text.js';

/** Whether every acknowledgement asked for is ticked. */
export function allTicked(acknowledgements: readonly Acknowledgement[], ticked: ReadonlySet<string>): boolean {
  return acknowledgements.every((a) => ticked.has(a.key));
}

export function AcknowledgeFindings({
  acknowledgements,
  ticked,
  onChange,
  compact = false,
}: {
  acknowledgements: readonly Acknowledgement[];
  ticked: ReadonlySet<string>;
  onChange: (next: ReadonlySet<string>) => void;
  /** In the decision bar: one line each, the message on hover. */
  compact?: boolean;
}) {
  if (acknowledgements.length === 0) return null;
  const toggle = (key: string, on: boolean) => {
    const next = new Set(ticked);
    if (on) next.add(key);
    else next.delete(key);
    onChange(next);
  };
  const done = acknowledgements.filter((a) => ticked.has(a.key)).length;
  return (
    <Stack gap={4} data-acknowledgements={acknowledgements.length} data-acknowledged={done} role="group" aria-label="Acknowledge each error before approving">
      <Text size={compact ? 'xs' : 'sm'} fw={600}>
        {acknowledgements.length === 1 ? 'This version has an error. Approving it means accepting it:' : `This version has ${acknowledgements.length} errors. Approving it means accepting each one (${done} of ${acknowledgements.length} acknowledged):`}
      </Text>
      {acknowledgements.map((a) => {
        const place = placeOf(a);
        return (
          <Checkbox
            key={a.key}
            size="xs"
            color="red"
            checked={ticked.has(a.key)}
            onChange={(e) => toggle(a.key, e.currentTarget.checked)}
            label={
              <span {...(compact ? { title: shownText(a.message) } : {})}>
                I have read it and accept it:{' '}
                <b>
                  <InvisibleText text={a.title} />
                </b>
                {place ? (
                  <>
                    {' — '}
                    <InvisibleText text={place} identifier />
                  </>
                ) : null}{' '}
                <span className="mono">({a.id})</span>
              </span>
            }
            {...(compact ? {} : { description: <InvisibleText text={a.message} /> })}
            data-ack={a.key}
            data-ack-id={a.id}
          />
        );
      })}
    </Stack>
  );
}

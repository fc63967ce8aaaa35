// A unified diff with its added and removed lines marked by sign and colour.
import { ScrollArea } from '@mantine/core';

export function DiffText({ diff }: { diff: string }) {
  // The patch's Index and ==== lines say nothing the path above does not.
  const lines = diff.replace(/\r/g, '').split('\n').filter((l) => !l.startsWith('Index: ') && !/^=+$/.test(l));
  return (
    <ScrollArea.Autosize mah={320} type="auto">
      <pre className="mono" data-preview="diff" style={{ margin: 0, fontSize: 12 }}>
        {lines.map((line, i) => {
          const kind = line.startsWith('+++') || line.startsWith('---') ? 'header' : line.startsWith('+') ? 'added' : line.startsWith('-') ? 'removed' : line.startsWith('@@') ? 'hunk' : 'same';
          const colour = kind === 'added' ? 'var(--mantine-color-green-light)' : kind === 'removed' ? 'var(--mantine-color-red-light)' : undefined;
          return (
            <div key={i} data-diff-line={kind} style={colour ? { background: colour } : kind === 'hunk' ? { color: 'var(--mantine-color-blue-text)' } : undefined}>
              {line || ' '}
            </div>
          );
        })}
      </pre>
    </ScrollArea.Autosize>
  );
}

// The exact content of one file, as the model will receive it: every line
// numbered, every invisible or unusual character drawn and counted, and
// binary content as a hex dump. Virtualized, so a large file stays smooth;
// and a line longer than MAX_ROW_CHARS continues on rows of its own (↪), as
// each marked character is an element and one row of a 4 MiB line of U+202E
// was 1.4 million of them.
import { Alert, Anchor, Group, Stack, Text } from '@mantine/core';
import { IconEyeOff } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef } from 'react';
import type { FileContent } from '../../../shared/model.js';
import { InvisibleText } from './InvisibleText.js';
import { MAX_ROW_CHARS, bytesRows, segment, splitLines, summarise } from './invisible.js';

/** The view's size until it is measured: a screenful of rows. */
const FIRST_RECT = { width: 800, height: 600 };

export function BytesView({ content, line }: { content: FileContent; line?: number }) {
  if (!content.isText || content.text === undefined) return <HexView base64={content.base64} size={content.size} />;
  return <TextBytes text={content.text} size={content.size} line={line} />;
}

function TextBytes({ text, size, line }: { text: string; size: number; line?: number }) {
  const lines = useMemo(() => splitLines(text), [text]);
  const summary = useMemo(() => summarise(text), [text]);
  const endings = useMemo(() => {
    let lf = 0;
    let crlf = 0;
    for (const l of lines) {
      if (l.ending === '\n') lf++;
      else if (l.ending === '\r\n') crlf++;
    }
    return crlf === 0 ? 'LF' : lf === 0 ? 'CRLF' : `mixed (${lf} LF, ${crlf} CRLF)`;
  }, [lines]);
  const rows = useMemo(() => bytesRows(lines), [lines]);
  // The first row of each line (a long line takes several), and how many lines continue on rows of their own.
  const { firstRow, longLines } = useMemo(() => {
    const first: number[] = [];
    let long = 0;
    rows.forEach((r, i) => {
      if (r.part === 0) first.push(i);
      else if (r.part === 1) long++;
    });
    return { firstRow: first, longLines: long };
  }, [rows]);
  const parent = useRef<HTMLDivElement>(null);
  // initialRect: rows are drawn for a screenful before the view is first measured (and so in a static render).
  const virtual = useVirtualizer({ count: rows.length, getScrollElement: () => parent.current, estimateSize: () => 19, overscan: 30, initialRect: FIRST_RECT });
  const scrollToLine = (n: number) => virtual.scrollToIndex(firstRow[n - 1] ?? 0, { align: 'center' });
  useEffect(() => {
    if (line && line >= 1 && line <= lines.length) virtual.scrollToIndex(firstRow[line - 1] ?? 0, { align: 'center' });
  }, [line, lines.length, firstRow, virtual]);
  return (
    <Stack gap="xs" style={{ flex: 1, minHeight: 0 }}>
      {summary.total > 0 ? (
        <Alert color="red" variant="light" icon={<IconEyeOff size={18} />} title={`${summary.total} character${summary.total === 1 ? '' : 's'} you would not see`} data-invisible-summary data-total={summary.total}>
          <Stack gap={4}>
            <Text size="sm" data-invisible-counts>
              {summary.description}.
            </Text>
            {summary.hiddenTexts.length > 0 ? (
              <Text size="sm">
                Hidden text spelled by tag characters:{' '}
                {summary.hiddenTexts.map((t, i) => (
                  <Text span key={i} className="mono" fw={600} data-decoded-hidden-text>
                    “{t}”{i < summary.hiddenTexts.length - 1 ? ', ' : ''}
                  </Text>
                ))}
              </Text>
            ) : null}
            <Group gap={6}>
              <Text size="sm">On line{summary.lines.length === 1 ? '' : 's'}:</Text>
              {summary.lines.slice(0, 40).map((n) => (
                <Anchor key={n} size="sm" component="button" type="button" onClick={() => scrollToLine(n)}>
                  {n}
                </Anchor>
              ))}
              {summary.lines.length > 40 ? <Text size="sm">and {summary.lines.length - 40} more</Text> : null}
            </Group>
          </Stack>
        </Alert>
      ) : (
        <Text size="sm" c="dimmed" data-invisible-summary data-total={0}>
          No invisible or unusual characters: what you see is every character the model receives.
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {size.toLocaleString()} bytes · {lines.length.toLocaleString()} lines · UTF-8 · line endings {endings}
        {text.startsWith('\uFEFF') ? ' · starts with a byte-order mark' : ''}
      </Text>
      {longLines > 0 ? (
        <Text size="xs" c="dimmed" data-bytes-long-lines={longLines}>
          Lines longer than {MAX_ROW_CHARS.toLocaleString('en-US')} characters continue on rows marked ↪ ({longLines.toLocaleString('en-US')} line{longLines === 1 ? '' : 's'}).
        </Text>
      ) : null}
      <div ref={parent} className="bytes-view" style={{ flex: 1, minHeight: 120, overflow: 'auto' }} data-bytes-view tabIndex={0} aria-label="File content, exact">
        <div style={{ height: virtual.getTotalSize(), position: 'relative' }}>
          {virtual.getVirtualItems().map((item) => {
            const r = rows[item.index]!;
            const n = r.line;
            return (
              <div
                key={item.key}
                data-index={item.index}
                ref={virtual.measureElement}
                className="bytes-line"
                data-line={n}
                data-line-part={r.part || undefined}
                data-highlighted={n === line ? 'true' : undefined}
                style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${item.start}px)` }}
              >
                <span className="bytes-line-number">{r.part === 0 ? n : '↪'}</span>
                <span className="bytes-line-text">
                  <InvisibleText segments={segment(r.text)} />
                  {r.ending === '\r\n' ? <span className="line-ending" title="carriage return + line feed">␍</span> : null}
                </span>
              </div>
            );
          })}
        </div>
      </div>
    </Stack>
  );
}

const HEX_ROW = 16;

/** The bytes of base64 text, or undefined when it is not base64 (atob throws, which took the whole view down). */
function decodeBase64(base64: string): Uint8Array | undefined {
  try {
    return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  } catch {
    return undefined;
  }
}

function HexView({ base64, size }: { base64: string; size: number }) {
  const decoded = useMemo(() => decodeBase64(base64), [base64]);
  const bytes = decoded ?? new Uint8Array(0);
  const rows = Math.ceil(bytes.length / HEX_ROW);
  const parent = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({ count: rows, getScrollElement: () => parent.current, estimateSize: () => 19, overscan: 30, initialRect: FIRST_RECT });
  return (
    <Stack gap="xs" style={{ flex: 1, minHeight: 0 }}>
      <Text size="xs" c="dimmed">
        {size.toLocaleString()} bytes · not UTF-8 text, shown as hexadecimal
      </Text>
      {decoded ? null : (
        <Text size="sm" c="red" data-hex-undecodable>
          The bytes could not be decoded for display (they did not arrive as base64). Export the file to read them.
        </Text>
      )}
      <div ref={parent} className="bytes-view" style={{ flex: 1, minHeight: 120, overflow: 'auto' }} data-hex-view tabIndex={0}>
        <div style={{ height: virtual.getTotalSize(), position: 'relative' }}>
          {virtual.getVirtualItems().map((item) => {
            const start = item.index * HEX_ROW;
            const row = bytes.subarray(start, start + HEX_ROW);
            const hex = Array.from(row, (b) => b.toString(16).padStart(2, '0')).join(' ');
            const ascii = Array.from(row, (b) => (b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : '·')).join('');
            return (
              <div key={item.key} className="bytes-line" style={{ position: 'absolute', top: 0, left: 0, right: 0, height: item.size, transform: `translateY(${item.start}px)`, whiteSpace: 'pre' }}>
                <span className="bytes-line-number" style={{ flexBasis: 80 }}>{start.toString(16).padStart(8, '0')}</span>
                <span>{hex.padEnd(HEX_ROW * 3, ' ')} {ascii}</span>
              </div>
            );
          })}
        </div>
      </div>
    </Stack>
  );
}

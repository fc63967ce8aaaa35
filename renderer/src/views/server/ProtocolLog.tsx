// Every JSON-RPC message in and out of one server, and its stderr: filter by
// direction, method, text, errors and one skill (the rows that name a file of
// its folder, and their answers); select a row for its pretty JSON; copy or
// export the log. Rows are virtualized (the buffer holds thousands). "Pair"
// shows each request and its answer on one row (LogPairs.tsx), with replay.
import { ActionIcon, Button, Chip, Group, Select, Stack, Switch, Text, TextInput, Tooltip } from '@mantine/core';
import { showToast } from '../../state/toast.js';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState } from 'react';
import { revealIdentifier } from '../../../../shared/invisible-chars.js';
import { skillsInLog } from '../../../../shared/log-skills.js';
import type { ProtocolLogEntry, ServerView } from '../../../../shared/model.js';
import { errorMessage } from '../../api.js';
import { Empty } from '../../components/Empty.js';
import { ErrorNotice } from '../../components/ErrorNotice.js';
import { InvisibleText } from '../../components/InvisibleText.js';
import { JsonView, prettyJson } from '../../components/JsonView.js';
import { listKeyHandler } from '../../components/list-keys.js';
import { ALL_DIRECTIONS, filterLog, filterPairs, useProtocolLog } from '../../state/protocol-log.js';
import { pairLog } from '../../../../shared/log-pairs.js';
import { PairDetail, PairRow } from './LogPairs.js';
import { DIRECTIONS, LogRowShell, type LogRowProps } from './LogRowShell.js';

const ROW_HEIGHT = 24;
/** The skill picker's clear button, named for readers and tests (its props type knows no data- attributes). */
const CLEAR_SKILL = { 'aria-label': 'Show every skill', 'data-action': 'clear-skill-filter' } as const;

export function ProtocolLog({ server }: { server: ServerView }) {
  const id = server.config.id;
  const entries = useProtocolLog((s) => s.logs.get(id));
  const loadError = useProtocolLog((s) => s.errors.get(id));
  const filters = useProtocolLog((s) => s.filters);
  const setFilters = useProtocolLog((s) => s.setFilters);
  const skill = useProtocolLog((s) => s.skillFilters.get(id));
  const [selectedSeq, setSelectedSeq] = useState<number>();
  const [follow, setFollow] = useState(true);
  // Off at first: the flat log is every message as it went, which the other views and exports also show.
  const [paired, setPaired] = useState(false);
  useEffect(() => {
    void useProtocolLog.getState().load(id);
  }, [id]);

  const flat = useMemo(() => (paired ? [] : filterLog(entries ?? [], filters, skill)), [entries, filters, paired, skill]);
  const pairs = useMemo(() => (paired ? filterPairs(pairLog(entries ?? []), filters, skill) : []), [entries, filters, paired, skill]);
  // One list of row keys either way: selection and keys work on the row's first entry.
  const rows = paired ? pairs.map((p) => p.entry) : flat;
  const selectedIndex = useMemo(() => (selectedSeq === undefined ? -1 : rows.findIndex((e) => e.seq === selectedSeq)), [rows, selectedSeq]);
  const selected = selectedIndex >= 0 ? rows[selectedIndex] : undefined;
  const selectedPair = paired && selectedIndex >= 0 ? pairs[selectedIndex] : undefined;
  const parent = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({ count: rows.length, getScrollElement: () => parent.current, estimateSize: () => ROW_HEIGHT, overscan: 20 });
  useEffect(() => {
    if (follow && rows.length > 0) virtual.scrollToIndex(rows.length - 1, { align: 'end' });
  }, [follow, rows.length, virtual]);

  const onKeyDown = listKeyHandler({
    count: rows.length,
    index: selectedIndex,
    pageSize: 20,
    onMove: (i) => {
      setFollow(false);
      setSelectedSeq(rows[i]!.seq);
      virtual.scrollToIndex(i);
    },
  });

  const exportLog = (format: 'json' | 'jsonl') => {
    useProtocolLog
      .getState()
      .exportLog(id, format)
      .then(
        ({ json, fileName }) => {
          const url = URL.createObjectURL(new Blob([json], { type: format === 'jsonl' ? 'application/jsonl' : 'application/json' }));
          const a = document.createElement('a');
          a.href = url;
          a.download = fileName;
          a.click();
          setTimeout(() => URL.revokeObjectURL(url), 10_000);
        },
        (error: unknown) => showToast({ color: 'red', title: 'Could not export the log', message: errorMessage(error) }),
      );
  };
  const clearLog = () => {
    useProtocolLog
      .getState()
      .clear(id)
      .catch((error: unknown) => showToast({ color: 'red', title: 'Could not clear the log', message: errorMessage(error) }));
  };
  const methods = useMemo(() => [...new Set((entries ?? []).map((e) => e.method).filter((m): m is string => Boolean(m)))].sort(), [entries]);
  const skills = useMemo(() => {
    const seen = skillsInLog(entries ?? []).map((s) => ({ value: s.uri, label: revealIdentifier(s.label) }));
    // A skill chosen from the catalog before the log names it stays choosable.
    return skill && !seen.some((s) => s.value === skill) ? [{ value: skill, label: revealIdentifier(skill) }, ...seen] : seen;
  }, [entries, skill]);

  return (
    <div className="log-layout" data-protocol-log={server.config.label}>
      <Stack gap={6} px="sm" py={6} className="pane-header">
        <Group gap={6} wrap="wrap">
          {ALL_DIRECTIONS.map((d) => (
            <Chip
              key={d}
              size="xs"
              checked={filters.directions.has(d)}
              onChange={() => {
                const next = new Set(filters.directions);
                if (next.has(d)) next.delete(d);
                else next.add(d);
                setFilters({ directions: next });
              }}
              wrapperProps={{ 'data-log-direction-filter': d }}
            >
              {DIRECTIONS[d].label}
            </Chip>
          ))}
          <TextInput
            size="xs"
            placeholder="Method"
            value={filters.method}
            onChange={(e) => setFilters({ method: e.currentTarget.value })}
            aria-label="Filter by method"
            w={150}
            list="log-methods"
            data-log-method-filter
          />
          <datalist id="log-methods">
            {methods.map((m) => (
              <option key={m} value={m} label={revealIdentifier(m)} />
            ))}
          </datalist>
          <Select
            size="xs"
            placeholder="Skill"
            data={skills}
            value={skill ?? null}
            onChange={(value) => useProtocolLog.getState().setSkillFilter(id, value ?? undefined)}
            searchable
            clearable
            clearButtonProps={CLEAR_SKILL}
            nothingFoundMessage="No skill of that name in the log"
            aria-label="Show only the messages of one skill"
            w={200}
            renderOption={({ option }) => <span data-log-skill-option={option.value}>{option.label}</span>}
            data-log-skill-filter={skill ?? ''}
          />
          <TextInput size="xs" placeholder="Text in message" value={filters.text} onChange={(e) => setFilters({ text: e.currentTarget.value })} aria-label="Filter by text" w={150} />
          <Switch size="xs" label="Errors only" checked={filters.errorsOnly} onChange={(e) => setFilters({ errorsOnly: e.currentTarget.checked })} data-log-errors-only />
          <Switch size="xs" label="Follow" checked={follow} onChange={(e) => setFollow(e.currentTarget.checked)} />
          <Switch size="xs" label="Pair requests and answers" checked={paired} onChange={(e) => setPaired(e.currentTarget.checked)} data-log-paired />
          <Group gap={4} ml="auto">
            <Button size="compact-xs" variant="default" leftSection={<IconDownload size={14} />} onClick={() => exportLog('json')} data-action="export-log">
              Export JSON
            </Button>
            <Button size="compact-xs" variant="default" leftSection={<IconDownload size={14} />} onClick={() => exportLog('jsonl')} data-action="export-log-jsonl">
              Export JSON lines
            </Button>
            <Tooltip label="Clear this server's log" withArrow>
              <ActionIcon size="sm" variant="subtle" color="red" onClick={clearLog} aria-label="Clear log">
                <IconTrash size={14} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        <Text size="xs" c="dimmed" data-log-count={rows.length}>
          {entries ? `${rows.length.toLocaleString()}${paired ? ' rows' : ''} of ${entries.length.toLocaleString()} messages` : 'Loading…'}
        </Text>
      </Stack>
      {loadError ? <ErrorNotice title="The log could not be loaded" message={loadError} onRetry={() => void useProtocolLog.getState().load(id)} /> : null}
      <div className="log-split">
        <div ref={parent} className="log-rows" role="listbox" aria-label="Protocol messages" tabIndex={0} onKeyDown={onKeyDown} onWheel={() => setFollow(false)}>
          {entries && rows.length === 0 ? (
            <Empty title={entries.length === 0 ? 'No messages yet' : 'No message matches'}>
              {entries.length === 0 ? 'Connect the server: every message it exchanges with the app appears here.' : 'Change the filters above to see more.'}
            </Empty>
          ) : (
            <div style={{ height: virtual.getTotalSize(), position: 'relative' }}>
              {virtual.getVirtualItems().map((item) => {
                const entry = rows[item.index]!;
                const pair = paired ? pairs[item.index] : undefined;
                const onSelect = () => {
                  setFollow(false);
                  setSelectedSeq(entry.seq);
                };
                const style: React.CSSProperties = { position: 'absolute', top: 0, left: 0, right: 0, height: item.size, transform: `translateY(${item.start}px)` };
                if (pair) return <PairRow key={entry.seq} pair={pair} selected={entry.seq === selectedSeq} onSelect={onSelect} style={style} />;
                return <LogRow key={entry.seq} entry={entry} selected={entry.seq === selectedSeq} onSelect={onSelect} style={style} />;
              })}
            </div>
          )}
        </div>
        <div className="log-detail" data-log-detail>
          {selectedPair ? (
            <PairDetail serverId={id} pair={selectedPair} />
          ) : selected ? (
            <LogDetail entry={selected} />
          ) : (
            <Text size="sm" c="dimmed" p="md">
              Select a message to see it in full. Arrow keys move.
            </Text>
          )}
        </div>
      </div>
    </div>
  );
}

export function LogRow({ entry, ...row }: LogRowProps & { entry: ProtocolLogEntry }) {
  return (
    <LogRowShell entry={entry} {...row}>
      <span className={`log-kind log-kind-${entry.kind}`}>{entry.kind}</span>
      <span className="log-summary mono">
        <InvisibleText text={entry.method ?? entry.text ?? ''} identifier />
        {entry.id !== undefined ? <span className="log-id"> #{String(entry.id)}</span> : null}
        {entry.unfinished ? <span style={{ color: 'var(--mantine-color-dimmed)' }}> (no line break)</span> : null}
      </span>
      <span className="log-duration mono">{entry.durationMs !== undefined ? `${entry.durationMs} ms` : ''}</span>
      <span className="log-bytes mono">{entry.bytes.toLocaleString()} B</span>
    </LogRowShell>
  );
}

export function LogDetail({ entry }: { entry: ProtocolLogEntry }) {
  const d = DIRECTIONS[entry.direction];
  const body = entry.message !== undefined ? prettyJson(entry.message) : entry.text ?? '';
  return (
    <Stack gap={6} p="xs" style={{ minHeight: 0 }}>
      <Group gap={8}>
        <Text size="xs" fw={600}>
          {d.label} {entry.kind}
          {entry.method ? (
            <>
              {' · '}
              <InvisibleText text={entry.method} identifier />
            </>
          ) : null}
          {entry.id !== undefined ? ` · id ${String(entry.id)}` : ''}
        </Text>
        <Text size="xs" c="dimmed">
          {new Date(entry.at).toISOString()}
          {entry.durationMs !== undefined ? ` · answered after ${entry.durationMs} ms` : ''} · {entry.bytes.toLocaleString()} bytes
        </Text>
      </Group>
      {entry.truncated ? (
        <Text size="xs" c="yellow">
          This message was too large to keep whole; the start is shown. Export keeps the same.
        </Text>
      ) : null}
      {entry.unfinished ? (
        <Text size="xs" c="dimmed">
          The server wrote this without a line break and then went quiet, so it is shown as it stood. What it wrote next on this line is the next stderr entry.
        </Text>
      ) : null}
      <JsonView text={body} />
    </Stack>
  );
}

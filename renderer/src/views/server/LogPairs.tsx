// The protocol log's paired view: one row per request and its answer, with
// the params that matter inline, why the app sent it and the latency; the
// detail shows both messages, and a read-only request can be replayed as
// logged or edited as JSON (the main process checks it with the SDK's schemas).
import { Badge, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { showToast } from '../../state/toast.js';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { isReplayable, latencyOf, requestParams, type LogPair } from '../../../../shared/log-pairs.js';
import type { ProtocolLogEntry } from '../../../../shared/model.js';
import { api, errorMessage } from '../../api.js';
import { InvisibleText } from '../../components/InvisibleText.js';
import { JsonView, prettyJson } from '../../components/JsonView.js';
import { DIRECTIONS, LogRowShell, type LogRowProps } from './LogRowShell.js';

const STATUS_LABEL: Record<LogPair['status'], string> = { answered: 'answered', error: 'error', pending: 'no answer yet', single: '' };

export function PairRow({ pair, selected, onSelect, style }: LogRowProps & { pair: LogPair }) {
  const { entry } = pair;
  const latency = latencyOf(pair);
  const kind = pair.status === 'single' ? entry.kind : STATUS_LABEL[pair.status];
  return (
    <LogRowShell entry={entry} selected={selected} onSelect={onSelect} style={style} data={{ 'data-log-pair': pair.status, 'data-log-why': entry.why, 'data-log-latency': latency }}>
      <span className={`log-kind log-kind-${pair.status === 'error' ? 'error' : entry.kind}`}>{kind}</span>
      <span className="log-summary mono" data-log-summary>
        <InvisibleText text={entry.method ?? entry.text ?? ''} identifier />
        {pair.summary ? (
          <>
            {' '}
            <InvisibleText text={pair.summary} identifier />
          </>
        ) : null}
        {entry.id !== undefined ? <span className="log-id"> #{String(entry.id)}</span> : null}
      </span>
      {entry.why ? (
        <Badge size="xs" variant="light" color="gray" title="The action that sent this request">
          {entry.why}
        </Badge>
      ) : null}
      <span className="log-duration mono">{latency !== undefined ? `${latency} ms` : ''}</span>
      <span className="log-bytes mono">{(entry.bytes + (pair.response?.bytes ?? 0)).toLocaleString()} B</span>
    </LogRowShell>
  );
}

function Message({ title, entry }: { title: string; entry: ProtocolLogEntry }) {
  return (
    <Stack gap={2}>
      <Text size="xs" fw={600}>
        {title} · {new Date(entry.at).toISOString()} · {entry.bytes.toLocaleString()} bytes
      </Text>
      {entry.truncated ? (
        <Text size="xs" c="yellow">
          This message was too large to keep whole; the start is shown. Export keeps the same.
        </Text>
      ) : null}
      <JsonView text={entry.message !== undefined ? prettyJson(entry.message) : (entry.text ?? '')} />
    </Stack>
  );
}

export function PairDetail({ serverId, pair }: { serverId: string; pair: LogPair }) {
  const { entry, request, response } = pair;
  const latency = latencyOf(pair);
  const replayable = request !== undefined && request.direction === 'out' && isReplayable(request.method) && request.message !== undefined;
  return (
    <Stack gap={8} p="xs" style={{ minHeight: 0 }} data-log-pair-detail={entry.seq}>
      <Text size="xs" c="dimmed">
        <InvisibleText text={entry.method ?? entry.kind} identifier />
        {entry.id !== undefined ? ` · id ${String(entry.id)}` : ''}
        {entry.why ? ` · sent for ${entry.why}` : ''}
        {latency !== undefined ? ` · answered after ${latency} ms` : request ? ' · no answer yet' : ''}
      </Text>
      {replayable ? <Replay key={entry.seq} serverId={serverId} method={request.method!} params={withoutMeta(requestParams(request))} /> : null}
      <Message title={request ? 'Request' : `${DIRECTIONS[entry.direction].label} ${entry.kind}`} entry={entry} />
      {response ? <Message title={response.kind === 'error' ? 'Error' : 'Response'} entry={response} /> : null}
    </Stack>
  );
}

/** The params as the developer writes them: the SDK adds `_meta` (protocol version, client info) on every send itself. */
function withoutMeta(params: Record<string, unknown> | undefined): Record<string, unknown> {
  const { _meta: _ignored, ...rest } = params ?? {};
  return rest;
}

/** Replay as logged, or edit the params as JSON and send those. */
function Replay({ serverId, method, params }: { serverId: string; method: string; params: Record<string, unknown> }) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(() => prettyJson(params));
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const send = (toSend: unknown) => {
    if (!isReplayable(method)) return;
    if (toSend === null || typeof toSend !== 'object' || Array.isArray(toSend)) {
      setError('The params must be a JSON object.');
      return;
    }
    setBusy(true);
    setError(undefined);
    api
      .call('log.replay', { serverId, method, params: toSend as Record<string, unknown> })
      .then(
        () => showToast({ color: 'green', title: `${method} replayed`, message: 'The new request and its answer are at the end of the log.' }),
        (failure: unknown) => setError(errorMessage(failure)),
      )
      .finally(() => setBusy(false));
  };
  const sendEdited = () => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (failure) {
      setError(`Not JSON: ${failure instanceof Error ? failure.message : String(failure)}`);
      return;
    }
    send(parsed);
  };
  return (
    <Stack gap={4}>
      <Group gap={6}>
        <Button size="compact-xs" leftSection={<IconPlayerPlay size={14} />} loading={busy && !editing} onClick={() => send(params)} data-action="replay-request">
          Replay
        </Button>
        <Button size="compact-xs" variant="default" onClick={() => setEditing((e) => !e)} data-action="edit-replay">
          {editing ? 'Close editor' : 'Edit and replay'}
        </Button>
      </Group>
      {editing ? (
        <>
          <Textarea
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            autosize
            minRows={3}
            maxRows={12}
            spellCheck={false}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
            aria-label={`Params of the ${method} request to send`}
            data-replay-params
          />
          <Group gap={6}>
            <Button size="compact-xs" loading={busy} onClick={sendEdited} data-action="send-edited">
              Send
            </Button>
          </Group>
        </>
      ) : null}
      {error ? (
        <Text size="xs" c="red" data-replay-error>
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}

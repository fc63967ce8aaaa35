// Why a connection failed, in the user's terms: a handshake that did not
// complete (and whether the server is a 2025-era one worth one more try with
// the plain handshake), or a live connection that was lost. The evidence is
// the attempt's own part of the protocol log and what the transport saw.
import type { Diagnostic, TransportConfig } from '../../shared/model.js';
import type { LimitNamer } from '../../shared/limits.js';
import { diagnose, unansweredRequests } from './diagnose.js';
import type { ProtocolLog } from './protocol-log.js';
import type { BuiltTransport } from './transports.js';

export interface FailureEvidence {
  readonly transport: TransportConfig;
  readonly built: BuiltTransport;
  readonly log: ProtocolLog;
  /** The log position when the attempt began (or the live connection was made): only what came after is evidence. */
  readonly since: number;
  readonly timeoutMs: number;
  readonly limitName: LimitNamer;
}

/** A handshake that failed, diagnosed; `retryLegacy` when the plain 2025 handshake is worth one try. */
export function handshakeFailure(error: unknown, mode: 'auto' | 'legacy', evidence: FailureEvidence): { diagnostic: Diagnostic; retryLegacy: boolean } {
  const { transport, built, log, since } = evidence;
  const exchange = log.since(since);
  const diagnostic = diagnose({
    error,
    transport,
    process: built.process,
    http: built.http,
    lastStderr: log.lastStderr(10, since),
    timeoutMs: evidence.timeoutMs,
    unanswered: unansweredRequests(exchange),
    limitName: evidence.limitName,
  });
  // The probe went out, got no answer, and the process exited: a 2025-era server (see Connection.doConnect).
  const probed = exchange.some((e) => e.direction === 'out' && e.method === 'server/discover');
  const answered = exchange.some((e) => e.direction === 'in' && e.method === 'server/discover');
  const retryLegacy = mode === 'auto' && transport.kind === 'stdio' && probed && !answered && diagnostic.code === 'process-exited';
  return { diagnostic, retryLegacy };
}

/** A live connection that closed without being asked to, said as lost while connected. */
export function connectionLost(evidence: FailureEvidence): Diagnostic {
  const { built, log } = evidence;
  const diagnostic = diagnose({
    error: new Error('Connection closed'),
    transport: evidence.transport,
    process: built.process,
    http: built.http,
    lastStderr: log.lastStderr(10, evidence.since),
    timeoutMs: evidence.timeoutMs,
    unanswered: [],
    limitName: evidence.limitName,
  });
  return {
    ...diagnostic,
    title: `Connection lost: ${diagnostic.title.charAt(0).toLowerCase()}${diagnostic.title.slice(1)}`,
    detail: diagnostic.detail.replace('before the connection was established', 'while connected'),
    whileConnected: true,
  };
}

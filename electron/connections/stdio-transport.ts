// The SDK's stdio transport, watched: how the server process exited, the
// stdout lines that are not JSON-RPC, and, when the app is done with the
// server, the end of every process it started (process-tree.ts).
import type { ChildProcess } from 'node:child_process';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { LineReadBuffer } from './line-buffer.js';
import { INPUT_CLOSED_GRACE_MS, OWN_PROCESS_GROUP, endProcessTree, exitWithin, hasExited, startInOwnGroup, type SdkStdioInternals } from './process-tree.js';
import type { ProtocolLog } from './protocol-log.js';
import type { ResponseCaps } from './response-caps.js';
import { unreadOutputSince } from './unread-stdout.js';
import type { ProcessObservation } from './transports.js';

/** How many non-JSON stdout lines are kept as evidence and noted in the log. */
const NON_PROTOCOL_LINES_KEPT = 5;
const NON_PROTOCOL_LINES_LOGGED = 20;
const LINE_EXCERPT_CHARS = 200;
/** The SDK's own cap when none is given (STDIO_DEFAULT_MAX_BUFFER_SIZE); the app always gives one. */
const SDK_DEFAULT_MAX_BUFFER_BYTES = 10 * 1024 * 1024;

/**
 * The SDK's stdio transport, keeping hold of the child process so the app can
 * say how it exited. Being a subclass also makes the SDK probe the protocol
 * era on this very process, so the probe shows in the protocol log.
 */
export class ObservedStdioTransport extends StdioClientTransport {
  constructor(
    params: ConstructorParameters<typeof StdioClientTransport>[0],
    private readonly observation: ProcessObservation,
    private readonly log: ProtocolLog,
    caps: ResponseCaps,
  ) {
    super(params);
    // Linear where the SDK's buffer is quadratic in the length of one line (see line-buffer.ts).
    const buffer = new LineReadBuffer(params.maxBufferSize ?? SDK_DEFAULT_MAX_BUFFER_BYTES, caps, (text) => log.note(text));
    (this as unknown as { _readBuffer: LineReadBuffer })._readBuffer = buffer;
    // A request that times out says what the server wrote that no request could read (unread-stdout.ts).
    observation.unreadOutput = (sentAt) => unreadOutputSince(sentAt, buffer.unfinished(), buffer.skipped);
  }

  /**
   * A process the server started (a helper, a daemon) may hold its stdout and stderr: then the
   * pipes do not close when the server exits, and the SDK, which says the connection is gone only
   * when they do, left it up until every request timed out. The exit is what counts: once the
   * output already sent has had time to arrive, the pipes are closed on this side.
   */
  private closePipesLeftOpen(child: ChildProcess): void {
    const timer = setTimeout(() => {
      const how = child.signalCode ? `killed by ${child.signalCode}` : `code ${child.exitCode}`;
      this.log.note(`The server process exited (${how}), but a process it started still holds its output open; the connection was closed at the exit.`);
      child.stdout?.destroy();
      child.stderr?.destroy();
      // Destroyed, the pipe does not end the SDK's stderr stream: ended here, what it held back is shown (masked-stderr.ts).
      (this as unknown as SdkStdioInternals)._stderrStream?.end();
      child.stdin?.destroy();
    }, PIPES_AFTER_EXIT_GRACE_MS);
    timer.unref();
    child.once('close', () => clearTimeout(timer));
  }

  /** The end of everything the server started (process-tree.ts), once begun: at close, or when the server exits. */
  private treeEnded: Promise<void> | undefined;
  private closed: Promise<void> | undefined;

  override async start(): Promise<void> {
    try {
      await (OWN_PROCESS_GROUP ? startInOwnGroup(this as unknown as SdkStdioInternals) : super.start());
    } catch (error) {
      this.observation.spawnError = error as NodeJS.ErrnoException;
      throw error;
    }
    const child = (this as unknown as { _process?: ChildProcess })._process;
    if (child) {
      let closed = false;
      child.once('close', () => (closed = true));
      // The server is gone and so are its pipes: what it started and left running goes too.
      child.once('close', () => void this.endTree(child));
      this.observation.exited = new Promise((resolve) =>
        child.once('exit', (code, signal) => {
          this.observation.exitCode = code;
          this.observation.signal = signal;
          resolve();
          if (!closed) this.closePipesLeftOpen(child);
        }),
      );
    }
    child?.stdout?.on('data', watchForNonProtocolLines(this.observation, this.log));
  }

  private endTree(child: ChildProcess): Promise<void> {
    return (this.treeEnded ??= endProcessTree(child));
  }

  /**
   * The SDK's close stops only the process it started, so a launcher's server
   * (`npx`, `sh -c`) and its helpers kept running. As the SDK does and the MCP
   * spec asks, the server's input is closed first and it is given time to exit;
   * then the whole tree is ended (SIGTERM, then SIGKILL), and the SDK's close
   * finishes with a process that has exited. Called twice on a disconnect (by
   * the client and by the app), so once.
   */
  override close(): Promise<void> {
    return (this.closed ??= this.closeTree());
  }

  private async closeTree(): Promise<void> {
    const child = (this as unknown as SdkStdioInternals)._process;
    // No pid: it never started (the command was not found), and there is nothing to wait for.
    if (child?.pid !== undefined) {
      if (!hasExited(child)) {
        child.stdin?.end();
        await exitWithin(child, INPUT_CLOSED_GRACE_MS);
      }
      await this.endTree(child);
    }
    await super.close();
  }
}

/** How long after a stdio server's exit its pipes may take to bring the last of its output. */
const PIPES_AFTER_EXIT_GRACE_MS = 1_000;

/**
 * The SDK skips stdout lines that are not JSON, so a program that is not an
 * MCP server looks merely silent. Watching the same stream keeps those lines
 * as evidence. Only the start of each line is looked at, in the bytes: a
 * JSON-RPC line starts with "{", and decoding every message a second time
 * (the SDK decodes it too) cost a Verify all hundreds of MB of strings.
 */
export function watchForNonProtocolLines(observation: ProcessObservation, log: ProtocolLog): (chunk: Buffer) => void {
  let atLineStart = true;
  let current: string | undefined;
  let logged = 0;
  const finish = () => {
    if (current === undefined) return;
    const line = current.trim();
    current = undefined;
    if (!line) return;
    const kept = (observation.nonProtocolOutput ??= []);
    if (kept.length < NON_PROTOCOL_LINES_KEPT) kept.push(line);
    if (logged < NON_PROTOCOL_LINES_LOGGED) log.note(`The server wrote a line to stdout that is not JSON-RPC (ignored): ${line}`);
    else if (logged === NON_PROTOCOL_LINES_LOGGED) log.note('More stdout lines that are not JSON-RPC followed; they are not logged.');
    logged++;
  };
  // Enough bytes for LINE_EXCERPT_CHARS characters of any UTF-8.
  const text = (chunk: Buffer, from: number, to: number) => chunk.toString('utf8', from, Math.min(to, from + LINE_EXCERPT_CHARS * 4));
  return (chunk) => {
    let start = 0;
    for (;;) {
      const newline = chunk.indexOf(10, start);
      const end = newline === -1 ? chunk.length : newline;
      if (atLineStart) {
        let first = start;
        while (first < end && isAsciiSpace(chunk[first]!)) first++;
        // Blank so far: decide when the first visible character arrives.
        if (first < end) {
          // Past ASCII, whitespace is whatever trimStart says it is.
          const lead = chunk[first]! < 0x80 ? undefined : text(chunk, first, end).trimStart();
          if (lead === undefined || lead) {
            atLineStart = false;
            current = lead === undefined ? (chunk[first] === 0x7b ? undefined : text(chunk, first, end).slice(0, LINE_EXCERPT_CHARS)) : lead.startsWith('{') ? undefined : lead.slice(0, LINE_EXCERPT_CHARS);
          }
        }
      } else if (current !== undefined && current.length < LINE_EXCERPT_CHARS) {
        current = (current + text(chunk, start, end)).slice(0, LINE_EXCERPT_CHARS);
      }
      if (newline === -1) break;
      finish();
      atLineStart = true;
      start = newline + 1;
    }
  };
}

/** Tab, line feed, vertical tab, form feed, carriage return, space. */
const isAsciiSpace = (byte: number) => byte === 0x20 || (byte >= 0x09 && byte <= 0x0d);

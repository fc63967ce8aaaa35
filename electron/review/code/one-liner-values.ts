// What an expression of a Perl, Ruby or PHP one-liner computes, as far as
// its tokens tell: a download (LWP's get, open-uri, Net::HTTP,
// file_get_contents of a URL, a download command in backticks or readpipe), a
// decoder's output (decode_base64, unpack 'm', base64_decode), a credential
// file or a secret variable read, the whole environment, and a socket, an
// HTTP client or a host it is about. Values flow through the variables the
// reader (one-liners.ts) records. Apart from it because this is about what a
// value is, not what the code does with it.
import { credentialPlace, hostOf, isSecretName, NOTHING, union, withStep, type Step, type Value } from './facts.js';
import { calleeAt, printsDownload, type Tok } from './one-liner-processes.js';
import type { Extents, Work } from './one-liner-extents.js';

/** Calls in calls followed, at most. */
const MAX_DEPTH = 20;

export const DOWNLOADS = /^(?:(?:LWP::Simple::)?get|getstore|getprint|mirror|file_get_contents|fopen|curl_exec|readfile|fsockopen)$|^(?:URI|Kernel)?\.?open$|^Net::HTTP$|^HTTP::Tiny$|^LWP::UserAgent$|^Mojo::UserAgent$|^HTTParty$|^RestClient$|^Faraday$|^Excon$|^URI$/;
const DECODERS = /^(?:(?:MIME::Base64::)?decode_base64|decode_base64url|base64_decode|gzinflate|gzuncompress|gzdecode|str_rot13|hex2bin|convert_uudecode|uudecode|decode64|strict_decode64|urlsafe_decode64|inflate|unpack1?|pack)$/;
const SOCKETS = /^(?:IO::Socket::INET6?|IO::Socket::IP|IO::Socket::SSL|IO::Socket|TCPSocket|Socket|SSLSocket|UDPSocket|stream_socket_client)$/;

/** What a value is known to be: its origins, and a host, a socket, a client or a pipe to a program it stands for. */
export interface Found {
  readonly value: Value;
  readonly host?: string;
  readonly socket?: boolean;
  readonly client?: boolean;
  /** A pipe written to a program (`open(P, "| sh")`): its name. */
  readonly program?: string;
}

/** The variable a token names, sigil taken off; '' for anything but a name. */
export const varName = (t: Tok | undefined): string => (t?.kind === 'id' ? t.text.replace(/^[$@%&]/, '') : '');

/** What the evaluator reads: the tokens, what the reader knows of the variables so far, where expressions end. */
export interface ValueContext extends Pick<Extents, 'argEnd' | 'programEnd'> {
  readonly toks: readonly Tok[];
  readonly language: string;
  readonly vars: ReadonlyMap<string, Found>;
  readonly refs: ReadonlyMap<string, string>;
  readonly work: Work;
  readonly step: (kind: Step['kind'], t: Tok, what: string) => Step;
  /** The commands a program call may be given (`readpipe("curl …")`), its arguments ending at `end`. */
  readonly programCommands: (called: ReturnType<typeof calleeAt>, end: number) => Tok[][];
}

export function evaluatorOf(c: ValueContext): (a: number, b: number, depth?: number) => Found {
  const { toks, language, vars, refs, work, step, argEnd, programEnd, programCommands } = c;
  const name = varName;
  /** What the tokens from a to b (exclusive) compute, as far as known: their origins, a host, a socket or a client. */
  const evaluate = (a: number, b: number, depth = 0): Found => {
    const steps: Value[] = [];
    if (depth > MAX_DEPTH) return { value: NOTHING };
    let host: string | undefined;
    let socket = false;
    let client = false;
    for (let k = a; k < b && work.left-- > 0; k++) {
      const t = toks[k]!;
      const n = name(t);
      const prev = toks[k - 1];
      const member = prev?.kind === 'p' && (prev.text === '->' || prev.text === '.');
      // What a download command in backticks prints is the download: eval `curl -s URL`.
      const printed = t.kind === 'cmd' ? printsDownload(t.text) : undefined;
      if (printed) steps.push(withStep(NOTHING, step('download', t, `downloads ${printed} (${language} backticks)`)));
      if (t.kind === 'str' || t.kind === 'cmd') {
        const address = /\b(?:https?|wss?|ftp):\/\/[^\s'"]+/.exec(t.text)?.[0];
        host ??= address ? hostOf(address) : /^[a-z0-9.-]+\.[a-z]{2,}:\d+$/i.test(t.text) ? t.text.split(':')[0]!.toLowerCase() : undefined;
        const cred = credentialPlace(t.text);
        if (cred) steps.push(withStep(NOTHING, step('secret', t, `reads ${cred} (${t.text.trim().slice(0, 60)})`)));
        // A string with a variable in it carries what the variable holds ("…$data…", "#{data}"); not one in single quotes.
        for (const v of t.literal ? [] : t.text.matchAll(/[$@]\{?(\w+)|#\{(\w+)\}/g)) {
          const known = vars.get(v[1] ?? v[2]!);
          if (known) steps.push(known.value);
        }
        continue;
      }
      if (t.kind !== 'id' && t.text !== '&') continue;
      // A variable holding a reference to a function is read as the call it makes: eval $f->("curl …").
      const known = refs.has(n) ? undefined : vars.get(n);
      if (known && !member) {
        steps.push(known.value);
        host ??= known.host;
        socket ||= known.socket === true;
        client ||= known.client === true;
        continue;
      }
      // $ENV{GITHUB_TOKEN}, ENV['AWS_SECRET_ACCESS_KEY'], getenv('TOKEN'); %ENV or ENV.to_h is the whole environment.
      if (/^(?:\$?ENV|getenv|\$_ENV|\$_SERVER)$/.test(t.text) || t.text === '%ENV') {
        const key = toks.slice(k + 1, k + 4).find((x) => x.kind === 'str' || (x.kind === 'id' && /^[A-Z_][A-Z0-9_]*$/.test(x.text)));
        if (key && isSecretName(key.text)) steps.push(withStep(NOTHING, step('secret', t, `reads the secret variable ${key.text}`)));
        else if (!key || t.text === '%ENV') steps.push(withStep(NOTHING, step('environment', t, `reads the whole environment (${t.text})`)));
        continue;
      }
      // The output of a program: readpipe("curl …"), shell_exec(…), IO.popen(…), Open3.capture2(…).
      const called = calleeAt(toks, k, refs);
      if (/^(?:readpipe|shell_exec|popen|popen3|capture2e?|capture3)$/.test(called.name)) {
        const end = programEnd(called.at);
        const url = programCommands(called, end)
          .map((words) => printsDownload(words.map((w) => w.text).join(' ')))
          .find((u) => u !== undefined);
        if (url) steps.push(withStep(NOTHING, step('download', t, `downloads ${url} (${called.name})`)));
        k = end - 1;
        continue;
      }
      if (SOCKETS.test(n) || (n === 'new' && prev && SOCKETS.test(name(toks[k - 2])))) socket = true;
      else if (/^(?:LWP::UserAgent|HTTP::Tiny|Mojo::UserAgent|Net::HTTP|HTTParty|RestClient|Faraday|Excon)$/.test(n)) client = true;
      if (DOWNLOADS.test(n) && !(member && n === 'get' && !client)) {
        // `open(...)` reads a file unless it is given an address (Ruby's open-uri); `URI(...)` alone only parses one.
        const end = argEnd(k + 1);
        const inner = evaluate(k + 1, end, depth + 1);
        const url = toks.slice(k + 1, end).find((x) => x.kind === 'str' && /^(?:https?|ftp):\/\//.test(x.text));
        // open() and file_get_contents() read a local file unless given an address; `URI(…)` alone only parses one.
        const reads = /^(?:open|fopen|readfile|file_get_contents)$/.test(n) ? url !== undefined || inner.host !== undefined || (member && name(toks[k - 2]) === 'URI') : n !== 'URI';
        const isClientClass = /^(?:Net::HTTP|HTTP::Tiny|LWP::UserAgent|Mojo::UserAgent|HTTParty|RestClient|Faraday|Excon)$/.test(n);
        if (reads && !isClientClass && n !== 'fsockopen') steps.push(withStep(inner.value, step('download', t, `downloads ${url ? url.text : 'from an address'} (${n})`)));
        else if (n === 'fsockopen') socket = true;
        host ??= inner.host ?? (url ? hostOf(url.text) : undefined);
        if (!isClientClass && n !== 'URI') k = end - 1;
        continue;
      }
      // A client's get: LWP::UserAgent->new->get(…), Net::HTTP.get(URI(…)), HTTP::Tiny->new->get(…)->{content}.
      if (member && /^(?:get|get_response|request_get|read|body|content|decoded_content)$/.test(n) && client) {
        steps.push(withStep(NOTHING, step('download', t, `downloads ${host ?? 'from an address'} (${n})`)));
        continue;
      }
      // `.read` on what open-uri opened, `URI.parse(url).read`: the download, already counted.
      if (DECODERS.test(n) && (n !== 'unpack' && n !== 'unpack1' && n !== 'pack' ? true : toks.slice(k + 1, k + 4).some((x) => x.kind === 'str' && /^[mu][0*]?$|^H\*?$/.test(x.text)))) {
        const end = argEnd(k + 1);
        steps.push(withStep(evaluate(k + 1, end, depth + 1).value, step('decoded', t, `decodes text with ${n}`)));
        k = end - 1;
      }
    }
    return { value: union(...steps), ...(host ? { host } : {}), ...(socket ? { socket } : {}), ...(client ? { client } : {}) };
  };
  return evaluate;
}

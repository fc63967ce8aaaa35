// JavaScript's network calls: fetch, axios, got, request and the like,
// http(s).get/request and sendBeacon: where they go, and whether they carry
// a secret or the environment (in the address, the body, the options).
// Apart because this is where secrets leave the computer.
import type { Node } from 'web-tree-sitter';
import { hostOf, isLoopback, literal, NOTHING, shown, union, withStep, type Value } from './facts.js';
import { place } from './flow.js';
import type { JsReader } from './javascript-reader.js';

export const NETWORK_CALLS = /^(?:fetch|node-fetch|undici\.fetch|undici\.request|axios(?:\.(?:get|post|put|patch|delete|request|head))?|got(?:\.(?:get|post|put|patch))?|superagent\.(?:get|post|put)|request(?:\.(?:get|post|put))?|needle(?:\.(?:get|post|put))?|ky(?:\.(?:get|post|put))?|navigator\.sendBeacon|\$\.(?:ajax|post|get))$/;

export function network(r: JsReader, node: Node, ref: string, args: Value[]): Value {
  const arg0 = args[0] ?? NOTHING;
  const config = arg0.props ? arg0 : undefined;
  const url = config ? (config.props?.get('url') ?? config.props?.get('hostname') ?? config.props?.get('host') ?? NOTHING) : arg0;
  const options = config ?? args[1];
  let payload: Value;
  if (/^axios\.(?:post|put|patch)$|^got\.(?:post|put|patch)$|^navigator\.sendBeacon$|^\$\.post$/.test(ref)) payload = union(url, args[1] ?? NOTHING);
  else if (options?.props) payload = union(url, ...['body', 'data', 'json', 'form', 'params', 'searchParams', 'qs'].map((k) => options.props?.get(k) ?? NOTHING));
  else payload = union(url, ...(options ? [options] : []));
  const verb = /post|sendBeacon/i.test(ref) || /^post$/i.test(options?.props?.get('method')?.text ?? '') ? 'POSTs' : 'sends it in a request';
  send(r, node, verb, url.text.startsWith('/') || /^[a-z]+:|^\/\//i.test(url.text) ? url.text : `//${url.text}`, payload);
  if (/request$/.test(ref) && /^https?\./.test(ref)) return { ...literal(url.text), ref: 'http.request' };
  return withStep(NOTHING, { kind: 'download', offset: node.startIndex, what: `downloads ${url.text !== '*' ? shown(url.text, 100) : 'from an address built at run time'}` });
}

export function send(r: JsReader, node: Node, verb: string, url: string, payload: Value): void {
  if (!payload.steps.some((s) => s.kind === 'secret' || s.kind === 'environment')) return;
  const host = hostOf(url);
  if (isLoopback(host)) return;
  r.f.facts.sends.push({ ...place(node), verb, ...(host ? { host } : {}), payload });
}

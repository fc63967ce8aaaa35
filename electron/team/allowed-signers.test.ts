import { describe, expect, it } from 'vitest';
import { allowedSignersLine, mayApprove, parseAllowedSigners } from './allowed-signers.js';
import { generateSigningKey } from './signing-key.js';
import { publicKeyLine } from './ssh-wire.js';

const alice = generateSigningKey('alice');
const bob = generateSigningKey('bob');
const key = (k: typeof alice) => publicKeyLine(k.publicKey);

describe('allowed-signers', () => {
  it('reads names, keys and labels in either option position, with comments and quoted names', () => {
    const text = [
      '# the team',
      `alice@example.com ${key(alice)} labels="payments,docs-*"`,
      '',
      `"Bob Builder" labels="*" ${key(bob)} bob's laptop`,
    ].join('\n');
    const signers = parseAllowedSigners(text, 'allowed-signers');
    expect(signers.map((s) => ({ name: s.name, fingerprint: s.fingerprint, labels: s.labels, line: s.line }))).toEqual([
      { name: 'alice@example.com', fingerprint: alice.fingerprint, labels: ['payments', 'docs-*'], line: 2 },
      { name: 'Bob Builder', fingerprint: bob.fingerprint, labels: ['*'], line: 4 },
    ]);
    expect(mayApprove(signers[0]!, 'payments')).toBe(true);
    expect(mayApprove(signers[0]!, 'docs-internal')).toBe(true);
    expect(mayApprove(signers[0]!, 'payments-staging')).toBe(false);
    expect(mayApprove(signers[1]!, 'anything at all')).toBe(true);
  });

  it('lets a signer without labels= approve any label, as git does without namespaces=', () => {
    const [signer] = parseAllowedSigners(`carol ${key(alice)}`, 'f');
    expect(signer!.labels).toBeUndefined();
    expect(mayApprove(signer!, 'payments')).toBe(true);
  });

  it('refuses a bad line, naming file and line', () => {
    expect(() => parseAllowedSigners(`alice label="x" ${key(alice)}`, 'f')).toThrow('f line 1: unknown option label= (this file knows labels="…").');
    expect(() => parseAllowedSigners('alice ssh-rsa AAAAB3NzaC1yc2E=', 'f')).toThrow('The key of "alice" (f line 1) is a ssh-rsa key');
    expect(() => parseAllowedSigners(`alice ${key(alice)}\nbob ${key(alice)}`, 'f')).toThrow(`f line 2: the key ${alice.fingerprint} is listed twice`);
    expect(() => parseAllowedSigners('alice', 'f')).toThrow('f line 1: expected NAME [options] ssh-ed25519 <base64 key>.');
    expect(() => parseAllowedSigners(`"alice ${key(alice)}`, 'f')).toThrow('f line 1: a double quote is not closed.');
  });

  it('writes the line key new prints, and reads it back', () => {
    const line = allowedSignersLine('Alice Example', alice.publicKey, ['payments']);
    expect(line).toBe(`"Alice Example" ${key(alice)} labels="payments"`);
    expect(parseAllowedSigners(line, 'f')[0]).toMatchObject({ name: 'Alice Example', fingerprint: alice.fingerprint, labels: ['payments'] });
  });
});

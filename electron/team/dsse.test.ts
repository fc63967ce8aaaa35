// DSSE against its published examples: the PAE of protocol.md's test vector,
// and the Ed25519 vectors of the spec's testvectors/vectors.json (keys A and B
// are RFC 8032's first two test keys; Ed25519 is deterministic, so our
// signatures must equal theirs byte for byte).
import { createPrivateKey } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decodeBase64, pae, signEnvelope, verifyEnvelope } from './dsse.js';
import { fingerprintOfPublicKey } from './ssh-wire.js';
import type { SigningKey } from './signing-key.js';

const PKCS8_PREFIX = '302e020100300506032b657004220420';
function vectorKey(seedHex: string, publicHex: string): SigningKey {
  const publicKey = Buffer.from(publicHex, 'hex');
  return { privateKey: createPrivateKey({ key: Buffer.from(PKCS8_PREFIX + seedHex, 'hex'), format: 'der', type: 'pkcs8' }), publicKey, fingerprint: fingerprintOfPublicKey(publicKey), comment: '' };
}
const A = vectorKey('9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60', 'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a');
const B = vectorKey('4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb', '3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c');
const IN_TOTO = 'application/vnd.in-toto+json';
const STATEMENT_PAYLOAD = 'eyJfdHlwZSI6Imh0dHBzOi8vaW4tdG90by5pby9TdGF0ZW1lbnQvdjEifQ==';
const STATEMENT_SIG_A = '2WAfaHm5jluo0w+0rk8uVkluELJYWjSmU9x7EUzx+AyteDGJ4/nqyJXfmAUVFIAoQafWm7AxBZNw5M9ixNHiCA==';

describe('PAE', () => {
  it('is protocol.md\'s example exactly', () => {
    expect(pae('http://example.com/HelloWorld', Buffer.from('hello world')).toString('latin1')).toBe('DSSEv1 29 http://example.com/HelloWorld 11 hello world');
  });

  it('counts bytes, not characters, and keeps the trailing space of an empty body (vectors.json)', () => {
    expect(pae('application/vnd.exämple+json', Buffer.from('{"_type":"https://in-toto.io/Statement/v1"}')).toString('hex')).toBe(
      '445353457631203239206170706c69636174696f6e2f766e642e6578c3a46d706c652b6a736f6e203433207b225f74797065223a2268747470733a2f2f696e2d746f746f2e696f2f53746174656d656e742f7631227d',
    );
    expect(pae(IN_TOTO, Buffer.alloc(0)).toString('hex')).toBe('445353457631203238206170706c69636174696f6e2f766e642e696e2d746f746f2b6a736f6e203020');
  });
});

describe('envelopes', () => {
  it('signs the spec\'s single-signature vector to its exact signature, and verifies it', () => {
    const envelope = signEnvelope(IN_TOTO, Buffer.from(STATEMENT_PAYLOAD, 'base64'), A);
    expect(envelope.payload).toBe(STATEMENT_PAYLOAD);
    expect(envelope.signatures).toEqual([{ keyid: A.fingerprint, sig: STATEMENT_SIG_A }]);
    expect(verifyEnvelope(envelope, A.publicKey).verified).toBe(true);
  });

  it('accepts URL-safe base64 (url-safe-base64 vector) and rejects a swapped payload type (payload-type-swapped)', () => {
    const urlSafe = { payloadType: IN_TOTO, payload: '-_-_Pj8=', signatures: [{ sig: 'P-_KHICeR7tI6S_YyejJTRtrXhcQyQ2LYPaL8h90KjC9qN8HU_svOQ6TuDOT1HIrsGW886DbWNWcCmX5twLrAw==' }] };
    expect(verifyEnvelope(urlSafe, A.publicKey)).toEqual({ verified: true, body: Buffer.from([0xfb, 0xff, 0xbf, 0x3e, 0x3f]) });
    const swapped = { payloadType: 'application/vnd.example.other+json', payload: STATEMENT_PAYLOAD, signatures: [{ sig: STATEMENT_SIG_A }] };
    expect(verifyEnvelope(swapped, A.publicKey).verified).toBe(false);
  });

  it('fails with the other key, with one flipped payload byte, and with a signature that is not base64', () => {
    const envelope = signEnvelope(IN_TOTO, Buffer.from('{"a":1}'), A);
    expect(verifyEnvelope(envelope, B.publicKey).verified).toBe(false);
    const body = Buffer.from('{"a":2}');
    expect(verifyEnvelope({ ...envelope, payload: body.toString('base64') }, A.publicKey).verified).toBe(false);
    expect(verifyEnvelope({ ...envelope, signatures: [{ sig: '!!!' }] }, A.publicKey).verified).toBe(false);
  });

  it('decodes both base64 alphabets and nothing else', () => {
    expect(decodeBase64('+/8=')).toEqual(Buffer.from([0xfb, 0xff]));
    expect(decodeBase64('-_8')).toEqual(Buffer.from([0xfb, 0xff]));
    expect(decodeBase64('+_8=')).toBeUndefined();
    expect(decodeBase64('ab c')).toBeUndefined();
  });
});

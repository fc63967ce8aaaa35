// DSSE, the Dead Simple Signing Envelope (github.com/secure-systems-lab/dsse,
// protocol.md and envelope.md, v1.0): the signature covers the
// Pre-Authentication Encoding of the payload type and the payload bytes, so a
// signature over one type can never be replayed as another.
//
//   PAE(type, body) = "DSSEv1" SP LEN(type) SP type SP LEN(body) SP body
//   LEN = ASCII decimal byte length, no leading zeros; SP = one 0x20 byte
import { z } from 'zod';
import { signBytes, verifyBytes, type SigningKey } from './signing-key.js';

export interface DsseSignature {
  /** An unauthenticated hint at the key: here its SSH fingerprint. Never a trust decision. */
  readonly keyid?: string;
  readonly sig: string;
}

export interface DsseEnvelope {
  readonly payloadType: string;
  /** The serialized body, base64. */
  readonly payload: string;
  readonly signatures: readonly DsseSignature[];
}

export function pae(payloadType: string, body: Buffer): Buffer {
  const type = Buffer.from(payloadType, 'utf8');
  return Buffer.concat([Buffer.from(`DSSEv1 ${type.length} `, 'ascii'), type, Buffer.from(` ${body.length} `, 'ascii'), body]);
}

export function signEnvelope(payloadType: string, body: Buffer, key: SigningKey): DsseEnvelope {
  return { payloadType, payload: body.toString('base64'), signatures: [{ keyid: key.fingerprint, sig: signBytes(key, pae(payloadType, body)).toString('base64') }] };
}

/** The spec lets signers use either base64 alphabet; verifiers must take both. Anything else is not base64. */
export function decodeBase64(text: string): Buffer | undefined {
  if (!/^[A-Za-z0-9+/\-_]*={0,2}$/.test(text)) return undefined;
  if (/[+/]/.test(text) && /[-_]/.test(text)) return undefined;
  const bytes = Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  // Node skips what it cannot decode; a round trip says whether every character counted.
  const canonical = bytes.toString('base64').replace(/=+$/, '');
  return canonical === text.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '') ? bytes : undefined;
}

export const dsseEnvelopeSchema = z.object({
  payloadType: z.string(),
  payload: z.string(),
  signatures: z.array(z.object({ keyid: z.string().optional(), sig: z.string() })),
});

/** The payload's bytes and the bytes its signatures cover (the PAE), or undefined when the payload is not base64. */
export function signedMessage(envelope: DsseEnvelope): { readonly body: Buffer; readonly message: Buffer } | undefined {
  const body = decodeBase64(envelope.payload);
  return body ? { body, message: pae(envelope.payloadType, body) } : undefined;
}

/** The body, when one of the signatures is by this key over exactly this type and body. */
export function verifyEnvelope(envelope: DsseEnvelope, publicKey: Buffer): { readonly verified: boolean; readonly body: Buffer | undefined } {
  const signed = signedMessage(envelope);
  if (!signed) return { verified: false, body: undefined };
  const verified = envelope.signatures.some((s) => {
    const sig = decodeBase64(s.sig);
    return sig !== undefined && verifyBytes(publicKey, signed.message, sig);
  });
  return { verified, body: signed.body };
}

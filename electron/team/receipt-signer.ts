// Who signed a receipt: the allowed signer whose key verifies its signature.
// A receipt names its signer: its statement's reviewer key (the signed bytes
// carry it) and each signature's keyid (a hint outside them; approve writes
// the key's fingerprint there). Only the keys it names are looked up in
// allowed-signers, by fingerprint, and tried. Walking the whole file instead
// cost one Ed25519 verification per key for every receipt by a key not listed,
// and the file may hold 10,000 keys (1 MiB) against 64 MiB of receipts:
// minutes of CPU per server label. A name only chooses which key to try;
// trust goes to the key whose verification succeeds, with that key's labels.
// An Ed25519 signature does not carry its public key, so a receipt signed by a
// key it names nowhere is not found: it is no receipt approve writes.
import type { AllowedSigner } from './allowed-signers.js';
import { decodeBase64, signedMessage, type DsseEnvelope } from './dsse.js';
import { statementOfBody, type ApprovalStatement } from './receipt.js';
import { verifyBytes } from './signing-key.js';
import { KeyFormatError, fingerprintOfPublicKey, parsePublicKey } from './ssh-wire.js';

export type SignersByFingerprint = ReadonlyMap<string, AllowedSigner>;

/** allowed-signers by key fingerprint (the file refuses a key listed twice, so each has one line). */
export function signersByFingerprint(signers: readonly AllowedSigner[]): SignersByFingerprint {
  return new Map(signers.map((s) => [s.fingerprint, s]));
}

export type ReceiptSigner =
  /** A key of allowed-signers verifies it; the statement is read again from the verified bytes. */
  | { readonly by: 'allowed'; readonly signer: AllowedSigner; readonly statement: ApprovalStatement }
  /** Only the reviewer key its statement names verifies it, and allowed-signers does not list that key. */
  | { readonly by: 'its own key' }
  | { readonly by: 'no key' };

/** The key the statement says signed it, unverified; undefined when it is no ssh-ed25519 key. */
function reviewerKey(claimed: ApprovalStatement): Buffer | undefined {
  const [type = '', base64 = ''] = claimed.predicate.reviewer.publicKey.split(' ');
  try {
    return parsePublicKey(type, base64, "the receipt's key");
  } catch (error) {
    if (error instanceof KeyFormatError) return undefined;
    throw error;
  }
}

/**
 * Tries, in order: the allowed signer of the reviewer key the statement names
 * (the receipt is their approval) against each signature; each signature
 * against the allowed signer its keyid names; then, when allowed-signers does
 * not list the reviewer key, that key itself. Each pair is tried once: at
 * most 3 tries a signature (a receipt is read with at most 16), whatever the
 * size of allowed-signers.
 */
export function whoSigned(envelope: DsseEnvelope, claimed: ApprovalStatement, signers: SignersByFingerprint): ReceiptSigner {
  const signed = signedMessage(envelope);
  if (!signed) return { by: 'no key' };
  const signatures = envelope.signatures.map((s) => ({ keyid: s.keyid, bytes: decodeBase64(s.sig) }));
  const tried = new Set<string>();
  const verifies = (index: number, key: Buffer, fingerprint: string): boolean => {
    const pair = `${index} ${fingerprint}`;
    const bytes = signatures[index]!.bytes;
    if (tried.has(pair) || bytes === undefined) return false;
    tried.add(pair);
    return verifyBytes(key, signed.message, bytes);
  };
  const found = (signer: AllowedSigner): ReceiptSigner => {
    const statement = statementOfBody(signed.body);
    return statement ? { by: 'allowed', signer, statement } : { by: 'no key' };
  };

  const own = reviewerKey(claimed);
  const ownFingerprint = own ? fingerprintOfPublicKey(own) : undefined;
  for (const fingerprint of new Set([ownFingerprint, claimed.predicate.reviewer.keyFingerprint])) {
    const signer = fingerprint === undefined ? undefined : signers.get(fingerprint);
    if (!signer) continue;
    for (let i = 0; i < signatures.length; i++) if (verifies(i, signer.publicKey, signer.fingerprint)) return found(signer);
  }
  for (let i = 0; i < signatures.length; i++) {
    const keyid = signatures[i]!.keyid;
    const signer = keyid === undefined ? undefined : signers.get(keyid);
    if (signer && verifies(i, signer.publicKey, signer.fingerprint)) return found(signer);
  }
  // A real signature by someone the team does not list: "untrusted signer", not "invalid signature".
  if (own && ownFingerprint !== undefined && !signers.has(ownFingerprint)) {
    for (let i = 0; i < signatures.length; i++) if (verifies(i, own, ownFingerprint)) return { by: 'its own key' };
  }
  return { by: 'no key' };
}

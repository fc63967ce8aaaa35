// allowed-signers comes from a repository anyone on the team can push to, and
// its parse errors quote words of the bad line (the name, the key type, a
// labels= value, an option's name, the comment) to the window and to the
// command's stderr. A hostile line must not write escape sequences or bidi
// overrides that way, nor a megabyte-long word: each quoted word is cut to
// 40 characters and every control and invisible character is shown as a mark.
import { describe, expect, it } from 'vitest';
import { parseAllowedSigners } from './allowed-signers.js';
import { generateSigningKey } from './signing-key.js';
import { publicKeyLine, wireString } from './ssh-wire.js';

const key = publicKeyLine(generateSigningKey('dave').publicKey);
const ESC_CLEAR = '\u001b[2J\u001b[H';
const RLO = '\u202e';
/** What must never reach a terminal or the window raw: C0 and C1 controls, DEL, bidi controls. */
// eslint-disable-next-line no-control-regex -- the characters that must not be there
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

function problem(text: string): string {
  try {
    parseAllowedSigners(text, 'allowed-signers');
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('parsed');
}

describe('a parse error of allowed-signers quoting a hostile word', () => {
  it('shows control and bidi characters as marks, in the name and in the key type', () => {
    expect(problem(`"${ESC_CLEAR}al${RLO}ice" ssh-rsa AAAAB3NzaC1yc2E=`)).toBe('The key of "⟦ESC⟧[2J⟦ESC⟧[Hal⟦RLO⟧ice" (allowed-signers line 1) is a ssh-rsa key; only ssh-ed25519 keys sign approvals.');
    expect(problem(`alice ${ESC_CLEAR}ssh-ed25519 AAAA`)).toBe('The key of "alice" (allowed-signers line 1) is a ⟦ESC⟧[2J⟦ESC⟧[Hssh-ed25519 key; only ssh-ed25519 keys sign approvals.');
  });

  it('shows the type written inside the key blob the same way', () => {
    const blob = Buffer.concat([wireString(`${ESC_CLEAR}x`), wireString(Buffer.alloc(32))]).toString('base64');
    expect(problem(`alice ssh-ed25519 ${blob}`)).toBe('The key of "alice" (allowed-signers line 1) is a ⟦ESC⟧[2J⟦ESC⟧[Hx key; only ssh-ed25519 keys sign approvals.');
  });

  it('cuts a long word to 40 characters', () => {
    const long = `${'m'.repeat(100_000)}`;
    expect(problem(`${long} ssh-rsa AAAA`)).toBe(`The key of "${'m'.repeat(40)}…" (allowed-signers line 1) is a ssh-rsa key; only ssh-ed25519 keys sign approvals.`);
    expect(problem(`alice ${'z'.repeat(100_000)}=1 ${key}`)).toBe(`allowed-signers line 1: unknown option ${'z'.repeat(40)}…= (this file knows labels="…").`);
  });

  it('does the same for a labels= value and a comment', () => {
    expect(problem(`alice ${key} labels="${RLO}docs${'-'.repeat(50)},"`)).toBe(`allowed-signers line 1: labels="⟦RLO⟧docs${'-'.repeat(35)}…" has an empty label.`);
    expect(problem(`dave ${key} ${ESC_CLEAR}laptop labels="docs"`)).toBe('allowed-signers line 1: labels= comes after the comment ("⟦ESC⟧[2J⟦ESC⟧[Hlaptop"), where it would not be read; put the options right after the key or before it.');
  });

  it('never lets an unsafe character or more than a few hundred characters through, whichever word is bad', () => {
    const hostile = `${ESC_CLEAR}${RLO}\u0085\u2066${'w'.repeat(10_000)}`;
    const lines = [
      `"${hostile}" ssh-rsa AAAA`,
      `alice "${hostile}" AAAA`,
      `alice ssh-ed25519 ${Buffer.concat([wireString(hostile), wireString(Buffer.alloc(32))]).toString('base64')}`,
      `alice ${key} labels="${hostile},"`,
      `dave ${key} "${hostile}" labels="docs"`,
    ];
    for (const line of lines) {
      const message = problem(line);
      expect(message).not.toMatch(UNSAFE);
      expect(message.length).toBeLessThan(300);
    }
  });
});

// An allowed-signers line whose labels= the parser does not read gives the
// signer every label (no labels= means any). A line that plainly restricts a
// key must never be read as one that does not: such a line is refused.
import { describe, expect, it } from 'vitest';
import { mayApprove, parseAllowedSigners } from './allowed-signers.js';
import { generateSigningKey } from './signing-key.js';
import { publicKeyLine } from './ssh-wire.js';

const key = publicKeyLine(generateSigningKey('dave').publicKey);

/** What the line lets its signer approve, or the parse error. */
function outcome(line: string): string {
  try {
    const [signer] = parseAllowedSigners(line, 'allowed-signers');
    return mayApprove(signer!, 'payments') ? `may approve payments (as ${JSON.stringify(signer!.name)})` : 'may not approve payments';
  } catch (error) {
    return (error as Error).message;
  }
}

describe('an allowed-signers line that restricts a key', () => {
  it('with the name left out (labels= first) is refused, not read as a person named "labels=docs" who may approve anything', () => {
    expect(outcome(`labels="docs" ${key}`)).toBe('allowed-signers line 1: the line starts with the option labels=; a line is NAME [options] ssh-ed25519 <base64 key>, the name first.');
  });

  it('with labels= after a comment is refused, not read as a comment that leaves the key unrestricted', () => {
    expect(outcome(`dave ${key} dave's laptop labels="docs"`)).toBe('allowed-signers line 1: labels= comes after the comment ("dave\'s"), where it would not be read; put the options right after the key or before it.');
  });

  // ssh-keygen reads an allowed_signers option's name in any case (its opt_match compares with strncasecmp): a team
  // writing Labels= or LABELS= means labels=, and must not get a signer who may approve every label.
  it('with the option spelled in capitals after the key restricts it, as ssh-keygen reads option names in any case', () => {
    expect(outcome(`dave ${key} Labels="docs"`)).toBe('may not approve payments');
    expect(outcome(`dave ${key} LABELS="docs" dave's laptop`)).toBe('may not approve payments');
    expect(outcome(`dave Labels="docs" ${key}`)).toBe('may not approve payments');
  });

  it('with the option in capitals first, or after a comment, is refused as the lower-case one is', () => {
    expect(outcome(`Labels="docs" ${key}`)).toBe('allowed-signers line 1: the line starts with the option labels=; a line is NAME [options] ssh-ed25519 <base64 key>, the name first.');
    expect(outcome(`dave ${key} dave's laptop LABELS="docs"`)).toBe('allowed-signers line 1: labels= comes after the comment ("dave\'s"), where it would not be read; put the options right after the key or before it.');
  });

  it('as written properly still restricts it', () => {
    expect(outcome(`dave ${key} labels="docs" dave's laptop`)).toBe('may not approve payments');
  });
});

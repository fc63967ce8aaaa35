// The decoders on known vectors, and as properties: on random input they never
// throw and never give more than their bound; random base64 of harmless text
// next to prose is at most a warning, and the same payload handed to
// exec(b64decode(…)) is an error.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bytesToText, decodeAscii85, decodeBase32, decodeBase64, decodeBase85, decodeCharCodes, decodeEscapes, decodeHex, decodePercent, inflate, isText, MAX_DECODED, reverseText, rot13, xorBytes } from './codecs.js';
import { scanText } from './find.js';
import { analyseText, MAX_DEPTH } from './payloads.js';
import { decodeInstructions, hiddenProseLines } from './prose.js';

const text = (bytes: Uint8Array | string | undefined) => (bytes === undefined ? undefined : typeof bytes === 'string' ? bytes : Buffer.from(bytes).toString('utf8'));

describe('codecs', () => {
  it('decode known vectors', () => {
    expect(text(decodeBase64('aGVsbG8gd29ybGQ='))).toBe('hello world');
    expect(text(decodeBase64('aGVsbG8gd29ybGQ'))).toBe('hello world');
    expect(text(decodeBase64('-_-_'))).toBe(Buffer.from('-_-_', 'base64url').toString('utf8'));
    expect(decodeBase64('not base64!')).toBeUndefined();
    expect(text(decodeBase32('NBSWY3DPEB3W64TMMQ======'))).toBe('hello world');
    expect(text(decodeBase85('Xk~0{Zy<MXa%^M'))).toBe('hello world');
    expect(text(decodeAscii85('<~BOu!rD]j7BEbo7~>'))).toBe('hello world');
    expect([...decodeAscii85('zBP@')!]).toEqual([0, 0, 0, 0, 0x68, 0x69]);
    expect(text(decodeHex('68656c6c6f'))).toBe('hello');
    expect(text(decodeHex('0x68 65:6c,6c 6f'))).toBe('hello');
    expect(decodeHex('abc')).toBeUndefined();
    expect(text(decodeEscapes('\\x68\\x69\\x21'))).toBe('hi!');
    expect(text(decodeEscapes('\\150\\151'))).toBe('hi');
    expect(decodeEscapes('\\u0068\\u{1F600}')).toBe('h😀');
    expect(text(decodePercent('%68%69 x'))).toBe('hi x');
    expect(text(decodeCharCodes([104, 105]))).toBe('hi');
    expect(decodeCharCodes([0x4f60, 0x597d])).toBe('你好');
    expect(decodeCharCodes([-1])).toBeUndefined();
    expect(rot13('Uryyb, Jbeyq')).toBe('Hello, World');
    expect(reverseText('a😀b')).toBe('b😀a');
    expect(text(xorBytes(Uint8Array.from([0x32, 0x33]), Uint8Array.of(0x5a)))).toBe('hi');
  });
  it('reads UTF-16 and tells text from bytes', () => {
    expect(bytesToText(Buffer.from('IEX (New-Object Net.WebClient)', 'utf16le'))).toBe('IEX (New-Object Net.WebClient)');
    expect(bytesToText(Buffer.from('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855', 'hex'))).toBeUndefined();
    expect(bytesToText(Buffer.from('Привет, как дела у тебя сегодня'))).toBe('Привет, как дела у тебя сегодня');
    expect(isText('ab')).toBe(false);
    expect(isText('12345 67890')).toBe(false);
  });
  it('inflates within the bound and refuses a bomb', async () => {
    const { deflateSync, gzipSync } = await import('node:zlib');
    expect(text(inflate(deflateSync('hello')))).toBe('hello');
    expect(text(inflate(gzipSync('hello')))).toBe('hello');
    expect(inflate(deflateSync(Buffer.alloc(MAX_DECODED * 20)))).toBeUndefined();
  });
});

describe('decoding as properties', () => {
  it('never throws and never exceeds its bound on random input', () => {
    const decoders: ReadonlyArray<(s: string) => Uint8Array | string | undefined> = [decodeBase64, decodeBase32, decodeBase85, decodeAscii85, decodeHex, decodeEscapes, decodePercent, rot13, reverseText];
    const alphabet = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=-_ \n\\x%<~>{}!#$&()*;@^`|'.split(''));
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 400 }), fc.string({ unit: alphabet, maxLength: 2000 }), fc.string({ unit: 'grapheme', maxLength: 200 })), (input) => {
        for (const decode of decoders) {
          const out = decode(input);
          if (out !== undefined) expect(out.length).toBeLessThanOrEqual(MAX_DECODED);
        }
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 3000 }), fc.uint8Array({ minLength: 1, maxLength: 8 }), fc.array(fc.integer({ min: -5, max: 0x110000 }), { maxLength: 300 }), (bytes, key, codes) => {
        expect(() => bytesToText(bytes)).not.toThrow();
        expect(xorBytes(bytes, key).length).toBe(Math.min(bytes.length, MAX_DECODED));
        expect(inflate(bytes, true)?.length ?? 0).toBeLessThanOrEqual(MAX_DECODED);
        const decoded = decodeCharCodes(codes);
        if (decoded !== undefined) expect(decoded.length).toBeLessThanOrEqual(MAX_DECODED);
      }),
      { numRuns: 300 },
    );
    // A payload larger than the bound is cut, not refused with a throw.
    expect(decodeBase64('QUFB'.repeat(MAX_DECODED))!.length).toBe(MAX_DECODED);
  });

  it('the finder never throws and keeps every layer within its bounds on random text', () => {
    const pieces = fc.constantFrom('exec(', 'b64decode("', '")', "'cu'+'rl'", '[104, 105, 33, 32, 104, 105, 33, 33]', ' ^ 0x5a', '[::-1]', '<~', '~>', '\\x41\\x42\\x43\\x44', '%41%42%43%44%45%46', 'decode the following and follow it:', '\n', '"', "'", '`', 'SGVsbG8gd29ybGQgdGhpcyBpcyB0ZXh0', 'fromCharCode(', 'chr(99)+chr(117)+chr(114)', '$a$b', 'a=cu', '"""');
    fc.assert(
      fc.property(fc.array(fc.oneof(pieces, fc.string({ maxLength: 30 }), fc.base64String({ maxLength: 120 })), { maxLength: 80 }), (parts) => {
        const input = parts.join('');
        const analysis = analyseText(input, { path: 'x.md', kind: 'markdown' }, 0, { chars: 1_000_000 });
        let depth = 0;
        const walk = (payloads: typeof analysis.payloads, level: number): void => {
          depth = Math.max(depth, level);
          for (const p of payloads) {
            expect(p.found.start).toBeGreaterThanOrEqual(0);
            expect(p.found.end).toBeLessThanOrEqual(input.length);
            expect(p.found.text?.length ?? 0).toBeLessThanOrEqual(MAX_DECODED);
            if (p.inner) walk(p.inner.payloads, level + 1);
          }
        };
        walk(analysis.payloads, 1);
        expect(depth).toBeLessThanOrEqual(MAX_DEPTH);
        expect(() => hiddenProseLines(input)).not.toThrow();
        expect(() => decodeInstructions(input)).not.toThrow();
      }),
      { numRuns: 200 },
    );
  });
});

// Harmless words: no command, secret or instruction among them.
const WORDS = ['the', 'report', 'is', 'ready', 'for', 'review', 'today', 'our', 'team', 'meets', 'at', 'noon', 'please', 'bring', 'coffee', 'and', 'notes', 'about', 'budget', 'plans', 'garden', 'weather', 'sunny', 'with', 'light', 'wind', 'music', 'tonight', 'library', 'books', 'river', 'walk', 'lunch', 'menu', 'soup', 'bread', 'quarterly', 'summary', 'chapter', 'two'];
const benignText = fc.array(fc.constantFrom(...WORDS), { minLength: 3, maxLength: 30 }).map((w) => w.join(' '));
const PROSE = ['Here is the value:', 'Sample data follows.', 'The field holds', 'Reference:', 'See the stored blob', 'Notes for the reader:'];

describe('severity as properties', () => {
  it('random base64 of harmless text next to prose without a decode instruction is at most a warning', () => {
    fc.assert(
      fc.property(benignText, fc.constantFrom(...PROSE), fc.boolean(), (plain, prose, fenced) => {
        const blob = Buffer.from(plain).toString('base64');
        const doc = fenced ? `${prose}\n\n\`\`\`\n${blob}\n\`\`\`\n` : `${prose} ${blob}\n`;
        const { payloads } = analyseText(doc, { path: 'SKILL.md', kind: 'skill-md' }, 0, { chars: 1_000_000 });
        for (const p of payloads) expect(p.severity, `${doc} → ${p.found.text}`).toBe('warning');
      }),
      { numRuns: 300 },
    );
  });

  it('the same payload wrapped in exec(b64decode(…)) is an error', () => {
    fc.assert(
      fc.property(benignText, fc.constantFrom(...PROSE), fc.constantFrom('python', 'js', 'markdown'), (plain, prose, where) => {
        const blob = Buffer.from(plain).toString('base64');
        const code = where === 'js' ? `eval(atob("${blob}"))` : `exec(base64.b64decode("${blob}"))`;
        const doc = where === 'markdown' ? `${prose}\n\n\`\`\`python\nimport base64\n${code}\n\`\`\`\n` : `${code}\n`;
        const { payloads } = analyseText(doc, { path: where === 'markdown' ? 'SKILL.md' : where === 'js' ? 'a.js' : 'a.py', kind: where === 'markdown' ? 'skill-md' : 'script' }, 0, { chars: 1_000_000 });
        expect(payloads.map((p) => p.severity)).toEqual(['error']);
        expect(payloads[0]!.found.text).toBe(plain);
      }),
      { numRuns: 200 },
    );
  });

  it('harmless prose has nothing to decode', () => {
    fc.assert(
      fc.property(fc.array(benignText, { minLength: 1, maxLength: 10 }), (paragraphs) => {
        const doc = paragraphs.map((p) => `${p[0]!.toUpperCase()}${p.slice(1)}.`).join('\n\n');
        expect(scanText(doc, { path: 'SKILL.md', kind: 'skill-md' }).found).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });
});

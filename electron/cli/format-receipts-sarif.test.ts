// `verify --receipts --sarif` locates a result at its receipt file: a path in
// the repository as the command was given it, or a file: URI for one outside
// it. A file's name is whatever was pushed to the team folder (a space, `#`,
// `?`, `%`, `[`, a non-ASCII letter), and the folder may be given as
// `../team/…`: each location must be a valid URI reference (SARIF 2.1.0,
// checked by RFC 3986's grammar) naming that file and no other.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadSarifValidator } from '../../test/fixtures/sarif/validator.js';
import type { ReceiptsCheck } from '../team/receipt-check.js';
import { formatReceiptsSarif } from './format-receipts-sarif.js';

interface Log {
  runs: { results: { ruleId: string; properties: { receipt?: string }; locations: { physicalLocation?: { artifactLocation: { uri: string; uriBaseId?: string } } }[] }[] }[];
}

/** Each file a result is located at, with the URI the log gives it. */
async function locations(files: readonly string[]): Promise<string[][]> {
  const check: ReceiptsCheck = {
    label: 'payments',
    // A skill whose receipt is stale is located at that receipt too.
    skills: [{ uri: 'skill://a/SKILL.md', status: 'stale', message: 'stale', receipt: files[0]! }],
    unreadable: files.slice(1).map((file) => ({ file, problem: 'not valid JSON' })),
    unmatched: [],
    rejected: [],
  };
  const log = JSON.parse(formatReceiptsSarif(check, { root: undefined, fileSetDigests: new Map() })) as Log;
  const validate = await loadSarifValidator();
  expect(validate(log) ? [] : validate.errors).toEqual([]);
  return log.runs[0]!.results.map((r) => [r.properties.receipt!, r.locations[0]!.physicalLocation!.artifactLocation.uri]);
}

describe('verify --receipts --sarif, receipt files named with characters a URI does not allow as they are', () => {
  it('percent-encodes a repository path, "%" included, so it names the file it was given', async () => {
    const files = ['.skills/approvals/a b.json', '.skills/approvals/a#b.json', '.skills/approvals/a?b.json', '.skills/approvals/100%zz.json', '.skills/approvals/%41.json', '.skills/approvals/é.json', '.skills/approvals/a[1]|b.json', 'a:b/approvals/x.json', '.skills/./approvals/../approvals/x.json'];
    expect(await locations(files)).toEqual([
      ['.skills/approvals/a b.json', '.skills/approvals/a%20b.json'],
      ['.skills/approvals/a#b.json', '.skills/approvals/a%23b.json'],
      ['.skills/approvals/a?b.json', '.skills/approvals/a%3Fb.json'],
      ['.skills/approvals/100%zz.json', '.skills/approvals/100%25zz.json'],
      ['.skills/approvals/%41.json', '.skills/approvals/%2541.json'],
      ['.skills/approvals/é.json', '.skills/approvals/%C3%A9.json'],
      ['.skills/approvals/a[1]|b.json', '.skills/approvals/a%5B1%5D%7Cb.json'],
      ['a:b/approvals/x.json', 'a%3Ab/approvals/x.json'],
      ['.skills/./approvals/../approvals/x.json', '.skills/approvals/x.json'],
    ]);
  });

  it('gives a file outside the repository (../, or an absolute path) as a valid file: URI', async () => {
    const files = ['../team/approvals/a b.json', '.skills/../../x#y.json', '/srv/team/approvals/a[1]|b%41.json'];
    const above = pathToFileURL(path.resolve('..')).href;
    expect(await locations(files)).toEqual([
      ['../team/approvals/a b.json', `${above}/team/approvals/a%20b.json`],
      ['.skills/../../x#y.json', `${above}/x%23y.json`],
      ['/srv/team/approvals/a[1]|b%41.json', 'file:///srv/team/approvals/a%5B1%5D%7Cb%2541.json'],
    ]);
  });
});

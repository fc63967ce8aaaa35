// JUnit XML a CI system must parse whatever a server wrote: every UTF-16 code
// unit (the controls XML 1.0 forbids even escaped, U+FFFE/U+FFFF, lone
// surrogates), `]]>`, quotes and markup, and a megabyte-long message, in every
// attribute and text the report carries. Read back with the strict reader the
// integration tests use (sax in strict mode, plus XML 1.0's Char production).
import { describe, expect, it } from 'vitest';
import { finding } from '../../shared/findings.js';
import type { SkillEntry } from '../../shared/model.js';
import { parseXml } from '../../test/fixtures/cli/xml.js';
import type { CheckReport } from './check.js';
import { formatFleetJunit } from './format-fleet.js';
import { formatJunit } from './format-junit.js';

let everyUnit = '';
for (let c = 0; c < 0x10000; c++) everyUnit += String.fromCharCode(c);
const HOSTILE = `${everyUnit}]]><![CDATA[x]]>"'<&>\ud800x\udc00${'x'.repeat(1_000_000)}`;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const report: CheckReport = {
  server: { label: HOSTILE, era: 'modern', protocolVersion: HOSTILE, selfReported: { name: HOSTILE, version: HOSTILE } },
  skills: [{ uri: HOSTILE, name: HOSTILE, verdict: 'risky', status: 'verified' } as unknown as SkillEntry],
  findings: [
    finding('agentskills-name-charset', HOSTILE, { serverId: 's', skillUri: HOSTILE, fileUri: `${HOSTILE}f`, field: HOSTILE, line: 3 }, { actual: HOSTILE, expected: HOSTILE }),
    finding('agentskills-unknown-field', HOSTILE, { serverId: 's', field: HOSTILE }),
  ],
};

// Six strict reads of reports of about 15 MB each: a minute of CPU or more on a busy 2-core machine, so the file's
// own limit is generous (a limit on how long it may run, not a claim about how fast it is).
describe('JUnit XML of hostile text', { timeout: 300_000 }, () => {
  it('is well-formed XML 1.0 for every fail-on, one server or a fleet', () => {
    for (const failOn of ['error', 'warning', 'never'] as const) {
      for (const xml of [formatJunit(report, failOn), formatFleetJunit([{ name: HOSTILE, unchecked: HOSTILE, exitCode: 2 }, { name: 'ok', report, exitCode: 1 }], failOn)]) {
        expect(LONE_SURROGATE.test(xml)).toBe(false);
        const root = parseXml(xml);
        expect(root.name).toBe('testsuites');
      }
    }
  });

  it('keeps the text, with what XML cannot hold written as \\uXXXX', () => {
    const suite = parseXml(formatJunit(report, 'warning')).children[0]!;
    expect(suite.attributes['name']).toContain(']]><![CDATA[x]]>"\'<&>\ufffdx\ufffd');
    expect(suite.attributes['name']).toContain('\\u0000\\u0001');
    expect(suite.attributes['name']).toContain('\\ufffe\\uffff');
    expect(suite.attributes['name']!.length).toBeGreaterThan(1_000_000);
  });
});

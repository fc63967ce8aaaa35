// An inline code span that is only the path of a data file a fenced block
// downloaded names the file; it does not run it. "Read the versions from
// `/tmp/versions.json`" after `curl -o /tmp/versions.json URL` was a
// fetch-and-run error; "Run `/tmp/x.json`" still is one.
import { beforeAll, describe, expect, it } from 'vitest';
import { reviewTestSkill, testSkillMd } from '../review-fixture.unit.js';
import { prepareRules } from '../rules/index.js';

beforeAll(() => prepareRules());

const download = (path: string) => `Fetch it:\n\n\`\`\`bash\ncurl -s -o ${path} https://example.com/data\n\`\`\`\n\n`;
const ids = (body: string) => reviewTestSkill({}, testSkillMd(body)).map((f) => f.id).sort();

describe('an inline path after a download', () => {
  it('names a data file: no fetch-and-run', () => {
    expect(ids(`${download('/tmp/versions.json')}Read the versions from \`/tmp/versions.json\`.`)).toEqual(['risk-external-url']);
    expect(ids(`${download('./notes.md')}Open \`./notes.md\` and summarise it.`)).toEqual(['risk-external-url']);
  });

  it('runs it when the line says so, or when it is no data file', () => {
    expect(ids(`${download('/tmp/x.json')}Now run \`/tmp/x.json\`.`)).toContain('risk-fetch-and-run');
    expect(ids(`${download('/tmp/setup')}Then \`/tmp/setup\`.`)).toContain('risk-fetch-and-run');
    expect(ids(`${download('/tmp/x.json')}Then \`/tmp/x.json --install\`.`)).toContain('risk-fetch-and-run');
  });
});

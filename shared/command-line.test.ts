import { describe, expect, it } from 'vitest';
import { looksLikeCommandLine, quoteWord, splitCommandLine } from './command-line.js';

describe('a command line as words', () => {
  it('splits as a POSIX shell does for quotes and backslashes, expanding nothing', () => {
    expect(splitCommandLine(`node server.js --flag "a b" 'c "d"' e\\ f "g\\"h" $HOME *.md ''`)).toEqual({ ok: true, words: ['node', 'server.js', '--flag', 'a b', 'c "d"', 'e f', 'g"h', '$HOME', '*.md', ''] });
    expect(splitCommandLine('  node\tserver.js  ')).toEqual({ ok: true, words: ['node', 'server.js'] });
  });

  it('says which quote is left open', () => {
    expect(splitCommandLine(`node "server.js`)).toEqual({ ok: false, unclosed: '"' });
    expect(splitCommandLine(`node 'a "b"`)).toEqual({ ok: false, unclosed: "'" });
  });

  it('takes one program (a Windows path too) as no command line', () => {
    expect(looksLikeCommandLine('node')).toBe(false);
    expect(looksLikeCommandLine('C:\\tools\\server.exe')).toBe(false);
    expect(looksLikeCommandLine(' npx ')).toBe(false);
    expect(looksLikeCommandLine('npx -y @acme/skills')).toBe(true);
    expect(looksLikeCommandLine(`'/opt/my app/run'`)).toBe(true);
  });

  it('quotes for a preview only what a shell would need quoted, and the result splits back', () => {
    const words = ['server.js', '--flag', 'a b', "it's", '', '--x=1'];
    expect(words.map(quoteWord).join(' ')).toBe(`server.js --flag 'a b' 'it'\\''s' '' --x=1`);
    expect(splitCommandLine(words.map(quoteWord).join(' '))).toEqual({ ok: true, words });
  });
});

import { describe, expect, test } from 'vitest';
import { describeSearchPath, loginShellSearchPath, mergePaths, resolveLoginShellPath } from './search-path.js';

describe('mergePaths', () => {
  test("the shell's folders first, then the app's own it lacks, each once", () => {
    expect(mergePaths('/opt/homebrew/bin:/usr/bin:/Users/me/.local/bin', '/usr/bin:/bin:/usr/sbin:/opt/homebrew/bin', ':')).toBe(
      '/opt/homebrew/bin:/usr/bin:/Users/me/.local/bin:/bin:/usr/sbin',
    );
  });

  test('empty entries and duplicates within one PATH are dropped', () => {
    expect(mergePaths('/a::/b:/a:', ':/c:/b', ':')).toBe('/a:/b:/c');
    expect(mergePaths('', '/usr/bin:/bin', ':')).toBe('/usr/bin:/bin');
  });
});

describe('describeSearchPath', () => {
  test('the first folders and how many more, with where the PATH came from', () => {
    expect(describeSearchPath({ value: '/1:/2:/3:/4:/5:/6:/7:/8', from: 'the login shell (/bin/zsh)' }, ':')).toBe(
      'the PATH /1:/2:/3:/4:/5:/6 and 2 more (from the login shell (/bin/zsh))',
    );
    expect(describeSearchPath({ value: '/usr/bin:/bin', from: 'x' }, ':')).toBe('the PATH /usr/bin:/bin (from x)');
    expect(describeSearchPath({ value: '', from: 'x' }, ':')).toBe('an empty PATH (from x)');
  });
});

describe('resolveLoginShellPath', () => {
  const env = { PATH: '/usr/bin:/bin' };

  test("merges the login shell's PATH over the app's own", async () => {
    const asked: Array<string | undefined> = [];
    const result = await resolveLoginShellPath({
      shell: '/bin/fake-zsh',
      platform: 'darwin',
      env,
      readShellEnv: (shell) => {
        asked.push(shell);
        return Promise.resolve({ PATH: '/opt/homebrew/bin:/usr/bin', HOME: '/Users/me' });
      },
    });
    expect(asked).toEqual(['/bin/fake-zsh']);
    expect(result).toEqual({ value: '/opt/homebrew/bin:/usr/bin:/bin', from: "the login shell (/bin/fake-zsh), then this program's own environment" });
  });

  test('Windows keeps its own PATH and asks no shell', async () => {
    let asked = false;
    const result = await resolveLoginShellPath({
      platform: 'win32',
      env,
      readShellEnv: () => {
        asked = true;
        return Promise.resolve({ PATH: '/x' });
      },
    });
    expect(asked).toBe(false);
    expect(result).toEqual({ value: '/usr/bin:/bin', from: "this program's own environment" });
  });

  test('a shell that fails, prints no PATH or never answers: the own PATH, and why is said', async () => {
    const warnings: string[] = [];
    const common = { shell: '/bin/broken', platform: 'linux' as const, env, warn: (m: string) => warnings.push(m) };
    const own = { value: '/usr/bin:/bin', from: "this program's own environment" };
    expect(await resolveLoginShellPath({ ...common, readShellEnv: () => Promise.reject(new Error('exit code 1')) })).toEqual(own);
    expect(await resolveLoginShellPath({ ...common, readShellEnv: () => Promise.resolve({ HOME: '/h' }) })).toEqual(own);
    expect(await resolveLoginShellPath({ ...common, timeoutMs: 50, readShellEnv: () => new Promise(() => undefined) })).toEqual(own);
    expect(warnings).toEqual([
      "The login shell /bin/broken gave no PATH (exit code 1): stdio servers are looked up on the PATH of this program's own environment.",
      "The login shell /bin/broken gave no PATH (it printed no PATH): stdio servers are looked up on the PATH of this program's own environment.",
      "The login shell /bin/broken gave no PATH (it did not answer within 0.1 s): stdio servers are looked up on the PATH of this program's own environment.",
    ]);
  });

  test('loginShellSearchPath asks the shell once, however many servers start', async () => {
    let asked = 0;
    const searchPath = loginShellSearchPath({
      shell: '/bin/sh',
      platform: 'linux',
      env,
      readShellEnv: () => {
        asked++;
        return Promise.resolve({ PATH: '/shell/bin' });
      },
    });
    const results = await Promise.all([searchPath(), searchPath(), searchPath()]);
    expect(asked).toBe(1);
    expect(results.map((r) => r.value)).toEqual(['/shell/bin:/usr/bin:/bin', '/shell/bin:/usr/bin:/bin', '/shell/bin:/usr/bin:/bin']);
  });
});

// The grammars compile with V8's baseline WebAssembly compiler only: the flag
// is set before the first WebAssembly module of the parser compiles. Without
// it the optimising recompiles keep a finished `check` alive for seconds (on
// a loaded CI machine past the CLI tests' 45 s limit). V8's flags belong to
// the whole process, so node:v8 is mocked here: this test records the call
// and leaves the test process's own flags alone.
import { afterEach, describe, expect, it, vi } from 'vitest';

const events: string[] = [];

/** The two ways web-tree-sitter compiles WebAssembly (this project's Node types carry no WebAssembly global). */
interface WasmCompilers {
  instantiate(...args: unknown[]): Promise<unknown>;
  Module: new (bytes: Uint8Array) => object;
}
const wasm = (globalThis as unknown as { WebAssembly: WasmCompilers }).WebAssembly;

vi.mock('node:v8', async (original) => ({
  ...(await original<typeof import('node:v8')>()),
  setFlagsFromString: (flags: string) => events.push(`flags ${flags}`),
}));

describe('loading the grammars', () => {
  afterEach(() => vi.restoreAllMocks());

  it('sets --liftoff-only before any of the parser WebAssembly compiles', async () => {
    const realInstantiate = wasm.instantiate.bind(wasm);
    vi.spyOn(wasm, 'instantiate').mockImplementation((...args: unknown[]) => {
      events.push('instantiate');
      return realInstantiate(...args);
    });
    const RealModule = wasm.Module;
    vi.spyOn(wasm, 'Module', 'get').mockReturnValue(
      new Proxy(RealModule, {
        construct(target, args: [Uint8Array]) {
          events.push('module');
          return new target(...args);
        },
      }),
    );
    const { loadGrammars, WASM_COMPILER_FLAG } = await import('./grammars.js');
    const grammars = await loadGrammars();
    expect(WASM_COMPILER_FLAG).toBe('--liftoff-only');
    expect(grammars.failures.size).toBe(0);
    expect(grammars.languages.size).toBe(6);
    expect(events[0]).toBe('flags --liftoff-only');
    expect(events.filter((e) => e.startsWith('flags'))).toEqual(['flags --liftoff-only']);
    expect(events.filter((e) => e === 'instantiate' || e === 'module').length).toBeGreaterThan(0);
  });
});

export declare const CHROMIUM_ARGS: readonly string[];
export declare const SPARTICUZ: '@sparticuz/chromium';
export declare class ChromiumNotFound extends Error {
  constructor(message: string);
}
export type ChromiumSource = 'CHROMIUM_PATH' | '@sparticuz/chromium' | 'system';
export interface FoundChromium {
  readonly path: string;
  readonly source: ChromiumSource;
}
export interface SparticuzPackage {
  readonly dir: string;
  readonly packed: string;
  readonly version: string;
  readonly executable: string;
}
export declare function systemChromiumPaths(platform?: NodeJS.Platform, env?: NodeJS.ProcessEnv): string[];
export declare function sparticuzRuns(platform?: NodeJS.Platform, arch?: NodeJS.Architecture): boolean;
export declare function whatToInstall(platform?: NodeJS.Platform, arch?: NodeJS.Architecture): string;
export declare function sparticuzPackage(): SparticuzPackage | undefined;
export declare function unpackSparticuz(pkg?: SparticuzPackage): Promise<string | undefined>;
export declare function findChromium(options?: {
  env?: NodeJS.ProcessEnv;
  platform?: NodeJS.Platform;
  arch?: NodeJS.Architecture;
  exists?: (file: string) => boolean;
  sparticuz?: () => Promise<string | undefined>;
}): Promise<FoundChromium>;
export declare function checkChromium(found: FoundChromium): string;

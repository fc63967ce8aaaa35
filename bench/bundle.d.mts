export declare const ROOT: string;
export declare const BENCH_OUT: string;
export declare const ENTRIES: Record<'catalog-server' | 'engine-run' | 'floor-run' | 'main', string>;
export declare function bundleBench(names?: ReadonlyArray<keyof typeof ENTRIES>, outDir?: string): Promise<Record<string, string>>;

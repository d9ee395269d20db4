export declare const distDir: string;
export declare const PRODUCTION_ENTRIES: Record<string, string>;
export declare function bundle(entries: Record<string, string>, outdir: string): Promise<void>;

export declare const root: string;
export declare function isStale(name: 'web' | 'server'): boolean;
export declare function buildIfStale(names: ('web' | 'server')[]): void;
export declare function serverCommand(entry: string): [string, string[]];
export declare function runServer(entry: string, args?: string[]): void;
export declare function runServerSource(entry: string, args?: string[]): Promise<void>;

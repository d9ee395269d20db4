export declare const root: string;
export declare function buildIfStale(names: ('web' | 'server')[]): void;
export declare function serverCommand(entry: string): [string, string[]];
export declare function runServer(entry: string, args?: string[]): void;

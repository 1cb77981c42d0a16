/** The compiled production server (decision 037): scripts/build-server.mjs. */
export declare const SERVER_BUILD: string;
/** Whether server/dist/main.mjs is missing or older than any of its sources. */
export declare function serverBuildStale(): boolean;
/** Bundles server/src/main.ts and the contracts into server/dist/main.mjs. */
export declare function buildServer(): Promise<void>;
/** `node` arguments that start the compiled server, built first when stale. */
export declare function compiledServerArgs(): Promise<string[]>;
/** The old generation's ceiling in MB the server is started with (docs/operations.md, "Memory"). */
export declare const HEAP_CEILING_MB: number;
/** The young generation's semi-space in MB the server is started with. */
export declare const SEMI_SPACE_MB: number;
/** Node's flags for the server: source maps, and the heap sizes unless NODE_OPTIONS sets them. */
export declare function serverNodeFlags(env?: NodeJS.ProcessEnv): string[];

/** The compiled production server (decision 037): scripts/build-server.mjs. */
export declare const SERVER_BUILD: string;
/** Whether server/dist/main.mjs is missing or older than any of its sources. */
export declare function serverBuildStale(): boolean;
/** Bundles server/src/main.ts and the contracts into server/dist/main.mjs. */
export declare function buildServer(): Promise<void>;
/** `node` arguments that start the compiled server, built first when stale. */
export declare function compiledServerArgs(): Promise<string[]>;

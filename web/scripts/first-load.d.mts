// Types of first-load.mjs, for web/e2e/first-load-budget.test.ts.
export interface ChunkNode {
  file: string;
  isEntry: boolean;
  modules: string[];
  imports: string[];
}
export interface FirstLoad {
  files: string[];
  brotli: number;
  gzip: number;
}
export declare const BUDGET_KB: number;
export declare const FIRST_SCREENS: Record<'/' | '/dashboard', { modules: string[]; waitsForAuth: boolean }>;
export declare function firstLoad(
  graph: ChunkNode[],
  sizeOf: (file: string) => { brotli: number; gzip: number },
): Record<'/' | '/dashboard', FirstLoad>;
export declare function firstLoadOfBuild(dist: string): Record<'/' | '/dashboard', FirstLoad>;

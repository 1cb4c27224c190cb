/** The folders whose modules are checked. */
export declare const ROOTS: string[];
/** The specifiers a module needs at run time (type-only imports and exports left out). */
export declare function runtimeSpecifiers(fileName: string, text: string): string[];
/** The runtime import graph of the files under `dirs`: each module (relative to `root`) and the modules it imports. */
export declare function importGraph(root?: string, dirs?: string[]): Map<string, string[]>;
/** Every runtime import cycle: the modules tangled together, and one path round them (first module repeated at the end). */
export declare function importCycles(root?: string, dirs?: string[]): { modules: string[]; cycle: string[] }[];

/** The Node flags the production server runs with (scripts/server-flags.mjs, decision 0042). */
export declare const SERVER_NODE_FLAGS: readonly string[];

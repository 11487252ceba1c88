export declare const API_PATH_RULE: ['error', ...{ selector: string; message: string }[]];
export declare const DECLARING_FILES: string[];
export declare const RAW_HELPER_FILES: string[];

/** Flags headless Chromium runs with (scripts/chromium-args.mjs). */
export declare const chromiumArgs: string[];

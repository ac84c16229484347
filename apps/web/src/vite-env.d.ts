/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Id of this web build, written beside it as `/version.json` (see vite.config.ts). */
  readonly VITE_BUILD_ID: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/// <reference types="vite-plugin-pwa/client" />

interface ImportMetaEnv {
  /** The native build's absolute core URL (replaces /c-core); unset in the web build. */
  readonly VITE_CORE_URL?: string;
}

/** The app's version, stamped at build time (build/version.ts). */
declare const __APP_VERSION__: string;

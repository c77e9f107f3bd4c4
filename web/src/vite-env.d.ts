/// <reference types="vite-plugin-pwa/client" />

interface ImportMetaEnv {
  /** The native build's absolute core URL (replaces /c-core); unset in the web build. */
  readonly VITE_CORE_URL?: string;
}

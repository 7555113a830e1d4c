/** The build-time variables the service worker's imports read (Vite replaces them at build). */
interface ImportMetaEnv {
  readonly VITE_TILE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

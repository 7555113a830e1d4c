/** Builds the two floors (bench/floor/vite.config.ts) into bench/floor/dist/{app,signin}. */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const here = dirname(fileURLToPath(import.meta.url));
export const FLOOR_DIST = join(here, 'dist');
export type Floor = 'app' | 'signin';

export async function buildFloors(): Promise<void> {
  // The floor's config imports the product's (its shared build options) the way Vite's default loader allows.
  process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING = 'true';
  for (const floor of ['app', 'signin'] as const) {
    process.env.CB_FLOOR = floor;
    await build({ configFile: join(here, 'vite.config.ts'), mode: 'production' });
  }
  delete process.env.CB_FLOOR;
}

// Worker entry while the service runs TypeScript through tsx (bin/clipwright.mjs, vitest, the
// benches): a worker thread starts with Node's plain loader, so it registers tsx the same way the
// CLI does before loading the TypeScript worker loop.
import { register } from 'tsx/esm/api';

register();
await import(new URL('./worker-main.ts', import.meta.url).href);

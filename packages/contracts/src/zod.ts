import { z } from 'zod';

// Every schema is created through this module so that zod's default messages are Spanish on both sides.
z.config(z.locales.es());

// In a browser, zod's compiled fast path probes `new Function`, which the server's CSP (script-src
// 'self', no 'unsafe-eval') reports as a violation even though zod catches it: run jitless there.
if (typeof document !== 'undefined') z.config({ jitless: true });

export { z };

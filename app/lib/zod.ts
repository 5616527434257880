/**
 * zod as the app imports it: `import { z } from "zod"` resolves here in every build (the alias in vite.config.ts), so
 * zod's global config is set before any module builds a schema. ES modules run their imports first, so no schema can be
 * built before this file has run, whatever imports zod, now or later.
 *
 * jitless: zod's objects otherwise probe for `new Function("")` once, to compile fast parsers. The CSP has no
 * 'unsafe-eval', so in the browser the probe is refused, and a refusal is reported as a `script-src` violation
 * (tests/e2e/js-budget.e2e.ts) even though zod catches it. Workers forbid eval anyway, and zod skips the probe there.
 */
import { z } from "zod/v4";

z.config({ jitless: true });

export * from "zod/v4";
export { z, z as default };

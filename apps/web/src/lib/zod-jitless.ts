import { config } from 'zod';

// The server's CSP allows no eval (script-src 'self'). zod probes `new Function` on its
// first object parse to decide whether to compile parsers, and the probe is reported as
// a CSP violation (Lighthouse best practices). Parse without the compiled fast path.
config({ jitless: true });

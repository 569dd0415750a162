import escapeHtml from 'escape-html';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * The one page shell of everything the local provider serves in Stripe's place (decision 029):
 * Checkout, Connect onboarding, OAuth and the billing portal. Server-rendered HTML with its own
 * strict CSP, marked as test payments, usable by keyboard and at 375 px.
 */
export function sendLocalStripePage(
  reply: FastifyReply,
  { status, title, body }: { status: number; title: string; body: string },
): FastifyReply {
  return (
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      // With helmet's no-referrer, Chromium sends `Origin: null` on the form posts, which the
      // origin check refuses; the page's own origin is what it should send.
      .header('referrer-policy', 'same-origin')
      // Forms here redirect to Huddle's own pages (success_url, return_url), wherever it is served.
      .header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http: https:; base-uri 'none'; frame-ancestors 'none'",
      ).send(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Test payments</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; background: #f6f7f9; color: #1a1b1e; }
  .banner { background: #ffe8a3; color: #5c3c00; padding: 0.6rem 1rem; font-weight: 600; text-align: center; }
  main { max-width: 28rem; margin: 1.5rem auto; background: #fff; padding: 1.25rem; border-radius: 8px; box-shadow: 0 1px 3px rgb(0 0 0 / 0.12); }
  h1 { font-size: 1.4rem; margin-top: 0; }
  h2 { font-size: 1.15rem; margin-bottom: 0.25rem; }
  ul.items { list-style: none; padding: 0; }
  ul.items li, .total { display: flex; justify-content: space-between; gap: 1rem; padding: 0.35rem 0; }
  .total { font-weight: 700; border-top: 1px solid #ddd; }
  .plan { border-top: 1px solid #ddd; padding-top: 0.5rem; }
  .muted { color: #555; font-size: 0.9rem; }
  .error { color: #a51111; font-weight: 600; }
  label { display: block; margin: 0.75rem 0 0.25rem; }
  input { width: 100%; box-sizing: border-box; padding: 0.6rem; font-size: 1rem; border: 1px solid #888; border-radius: 6px; }
  .actions { display: flex; flex-wrap: wrap; gap: 0.5rem; margin-top: 1rem; }
  button { flex: 1 1 8rem; min-height: 44px; font-size: 1rem; border-radius: 6px; border: 1px solid #555; background: #fff; cursor: pointer; }
  button.primary { background: #1c5dd6; color: #fff; border-color: #1c5dd6; }
  button.danger { border-color: #a51111; color: #a51111; }
  a { color: #1c5dd6; }
  button:focus-visible, a:focus-visible, input:focus-visible { outline: 3px solid #f59f00; outline-offset: 2px; }
  @media (max-width: 480px) { main { margin: 0; border-radius: 0; min-height: calc(100vh - 2.5rem); } }
</style>
</head>
<body>
<div class="banner" role="note">Test payments — no card is charged</div>
<main>
${body}
</main>
</body>
</html>`)
  );
}

/** The pages' forms post urlencoded bodies (no JavaScript on them); read them as a flat record. */
export function acceptFormPosts(scope: FastifyInstance): void {
  scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}

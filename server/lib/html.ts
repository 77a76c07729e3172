export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** JSON safe to embed in an inline script (no closing tags, no HTML comment openers). */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * Headers for the server's own pages: their own scripts (inline or from this origin) and inline style only, fetches
 * to this origin only, and never framed (the checkout's Pay button must not be clickjackable).
 */
export const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy':
    "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
};

/**
 * A small self-contained page (inline CSS, no assets from elsewhere) for the server's own screens; `script` is inline
 * code or `{ src }`, a script this server serves.
 */
export function page(title: string, body: string, script: string | { src: string } = ''): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f4f6fb; color: #1a1f36; }
  main { background: #fff; padding: 2rem; border-radius: 12px; box-shadow: 0 4px 24px rgba(26, 31, 54, .08); width: min(26rem, 90vw); }
  h1 { font-size: 1.4rem; margin: 0 0 .5rem; }
  p { line-height: 1.5; color: #3c4257; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: .4rem 1rem; margin: 1rem 0 1.5rem; }
  dt { font-weight: 600; } dd { margin: 0; }
  .row { display: flex; gap: .75rem; flex-wrap: wrap; margin: 1rem 0; }
  button { font: inherit; padding: .6rem 1.1rem; border-radius: 8px; border: 1px solid #1565c0; background: #1565c0; color: #fff; cursor: pointer; }
  button.secondary { background: #fff; color: #1565c0; }
  button.danger { background: #fff; color: #b71c1c; border-color: #b71c1c; }
  button:focus-visible, input:focus-visible { outline: 3px solid #ffb300; outline-offset: 2px; }
  button:disabled { opacity: .6; cursor: wait; }
  label { display: block; font-weight: 600; margin-bottom: .3rem; }
  input { font: inherit; padding: .55rem .7rem; border: 1px solid #8792a2; border-radius: 8px; width: 100%; box-sizing: border-box; }
  [role="status"], [role="alert"] { margin-top: 1rem; font-weight: 600; }
  [role="alert"] { color: #b71c1c; }
</style>
</head>
<body>
<main>
${body}
</main>
${typeof script === 'object' ? `<script src="${escapeHtml(script.src)}" defer></script>` : script ? `<script>${script}</script>` : ''}
</body>
</html>`;
}

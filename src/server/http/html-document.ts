/**
 * The server's own HTML pages (the embedded sign-in, the test store's checkout): escaping what
 * they show and the document around them, for phones and kept out of search engines.
 */

export const escapeHtml = (value: string): string =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** A whole page: `title` is escaped here; `head` and `body` are HTML already. */
export function htmlDocument(title: string, head: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
${head}
</head>
<body>
${body}
</body>
</html>`;
}

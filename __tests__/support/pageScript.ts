/**
 * Puts a JSON script in the document as the server writes it into index.html (server/lib/appShell.ts): the signed-in
 * user ('session-user') or the answers to the page's first queries ('page-data').
 */
export function servePageScript(id: 'session-user' | 'page-data', json: string) {
  const script = document.createElement('script');
  script.id = id;
  script.type = 'application/json';
  script.textContent = json;
  document.head.append(script);
}

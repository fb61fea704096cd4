// Style sheets that live in TypeScript (a shared view's CSS, like the ladder's LADDER_CSS) added to the page as
// constructed style sheets: the service's Content-Security-Policy (style-src 'self') forbids <style> elements,
// not the CSSOM.
const adopted = new Set<string>();

/** Add `css` to the document once under `key`. */
export function adoptStyles(key: string, css: string): void {
  if (adopted.has(key)) return;
  adopted.add(key);
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
}

const BLOCKS = 'p, h1, h2, h3, td, li';

/**
 * An e-mail's HTML as its reader sees it: the visible text line by line (a paragraph, a heading, a
 * table cell or a line break ends a line), its links, and the parsed document. Needs a DOM: the test
 * file says `// @vitest-environment jsdom`.
 */
export function readMailHtml(html: string) {
  const document = new DOMParser().parseFromString(html, 'text/html');
  for (const br of document.querySelectorAll('br')) br.replaceWith('\n');
  for (const block of document.querySelectorAll(BLOCKS)) block.append('\n');
  const lines = (document.body.textContent ?? '')
    .split('\n')
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  const links = [...document.querySelectorAll('a')].map((a) => ({
    text: (a.textContent ?? '').replace(/\s+/g, ' ').trim(),
    href: a.getAttribute('href'),
  }));
  return { lines, links, document };
}

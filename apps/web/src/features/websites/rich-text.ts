import { isSafeWebsiteLink, type RichTextContent, type RichTextRun } from '@huddle/shared/websites';

/**
 * The rich-text block's two forms (decision 041): the editor (Puck's richtext field, Tiptap) edits
 * HTML; the site stores and draws a structure. These turn one into the other in the builder.
 * Reading HTML keeps only what the structure can say, against an allowlist: any other element
 * gives its text (or nothing: scripts, styles), a link whose address is not a safe site link
 * loses its address. The server checks the structure again (packages/shared).
 */

type Marks = Pick<RichTextRun, 'bold' | 'italic' | 'href'>;

/** Elements whose content is never text a visitor should read. */
const dropped = new Set([
  'SCRIPT',
  'STYLE',
  'TEMPLATE',
  'IFRAME',
  'OBJECT',
  'EMBED',
  'SVG',
  'MATH',
  'NOSCRIPT',
  'HEAD',
]);

function runsOf(node: Node, marks: Marks, into: RichTextRun[]): RichTextRun[] {
  if (node.nodeType === 3) {
    const text = node.textContent ?? '';
    if (text) into.push({ text, ...marks });
    return into;
  }
  if (node.nodeType !== 1) return into;
  const element = node as Element;
  if (dropped.has(element.tagName.toUpperCase())) return into;
  const tag = element.tagName.toUpperCase();
  if (tag === 'BR') {
    into.push({ text: '\n', ...marks });
    return into;
  }
  const next: Marks = { ...marks };
  if (tag === 'STRONG' || tag === 'B') next.bold = true;
  if (tag === 'EM' || tag === 'I') next.italic = true;
  if (tag === 'A') {
    const href = (element.getAttribute('href') ?? '').trim();
    if (href && isSafeWebsiteLink(href)) next.href = href;
  }
  for (const child of Array.from(element.childNodes)) runsOf(child, next, into);
  return into;
}

/** Neighbouring runs with the same marks become one. */
function merged(runs: RichTextRun[]): RichTextRun[] {
  const out: RichTextRun[] = [];
  for (const run of runs) {
    const last = out.at(-1);
    if (last && last.bold === run.bold && last.italic === run.italic && last.href === run.href)
      out[out.length - 1] = { ...last, text: last.text + run.text };
    else out.push(run);
  }
  return out.filter((run) => run.text !== '');
}

const blockTags: Record<string, 'paragraph' | 'heading3' | 'heading4'> = {
  P: 'paragraph',
  H1: 'heading3',
  H2: 'heading3',
  H3: 'heading3',
  H4: 'heading4',
  H5: 'heading4',
  H6: 'heading4',
};

/** The structure of an HTML string from the editor (or anyone): parsed inert, nothing runs or loads. */
export function htmlToRichText(html: string): RichTextContent {
  const body = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html').body;
  const content: RichTextContent = [];
  let loose: RichTextRun[] = [];
  const flush = () => {
    const runs = merged(loose);
    if (runs.some((run) => run.text.trim() !== '')) content.push({ type: 'paragraph', runs });
    loose = [];
  };
  for (const node of Array.from(body.childNodes)) {
    const tag = node.nodeType === 1 ? (node as Element).tagName.toUpperCase() : '';
    const type = blockTags[tag];
    if (type) {
      flush();
      const runs = merged(runsOf(node, {}, []));
      if (runs.length > 0) content.push({ type, runs });
    } else if (tag === 'UL' || tag === 'OL') {
      flush();
      const items = Array.from((node as Element).children)
        .filter((child) => child.tagName.toUpperCase() === 'LI')
        .map((item) => merged(runsOf(item, {}, [])))
        .filter((runs) => runs.length > 0);
      if (items.length > 0) content.push({ type: tag === 'UL' ? 'bulletList' : 'orderedList', items });
    } else {
      runsOf(node, {}, loose);
    }
  }
  flush();
  return content;
}

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escape = (value: string) => value.replace(/[&<>"']/g, (character) => escapes[character] ?? character);

function runsToHtml(runs: RichTextRun[]): string {
  return runs
    .map((run) => {
      let html = escape(run.text).replace(/\n/g, '<br>');
      if (run.bold) html = `<strong>${html}</strong>`;
      if (run.italic) html = `<em>${html}</em>`;
      if (run.href) html = `<a href="${escape(run.href)}">${html}</a>`;
      return html;
    })
    .join('');
}

/** The editor's HTML for a stored structure; every text and address escaped. */
export function richTextToHtml(content: RichTextContent): string {
  return content
    .map((node) => {
      switch (node.type) {
        case 'paragraph':
          return `<p>${runsToHtml(node.runs)}</p>`;
        case 'heading3':
          return `<h3>${runsToHtml(node.runs)}</h3>`;
        case 'heading4':
          return `<h4>${runsToHtml(node.runs)}</h4>`;
        case 'bulletList':
        case 'orderedList': {
          const tag = node.type === 'bulletList' ? 'ul' : 'ol';
          return `<${tag}>${node.items.map((runs) => `<li><p>${runsToHtml(runs)}</p></li>`).join('')}</${tag}>`;
        }
      }
    })
    .join('');
}

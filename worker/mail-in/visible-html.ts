import { parse as parseCss, type CssAtRuleAST, type CssDeclarationAST } from '@adobe/css-tools';
import { colord, extend } from 'colord';
import labPlugin from 'colord/plugins/lab';
import namesPlugin from 'colord/plugins/names';
import { compile } from 'css-select';
import render from 'dom-serializer';
import { type ChildNode, type Element, isTag, isText, type ParentNode } from 'domhandler';
import { parseDocument } from 'htmlparser2';

extend([namesPlugin, labPlugin]);

/**
 * What a reader of an HTML email sees, as HTML: every element or text a mail client would not
 * show is taken out before the text is read for commands. The document is parsed (htmlparser2),
 * its `<style>` rules read by a CSS parser (@adobe/css-tools) and matched with a CSS selector
 * engine (css-select), and colours compared as colours (colord), so hiding needs no pattern of
 * ours to be found: by the element (`noscript`, `svg`, form controls, `template`, `head`), by
 * attribute (`hidden`, `aria-hidden`), or by style, inline or from a rule: `display: none`,
 * `visibility: hidden`, no opacity, a font of 2 px or less, a zero size that hides its overflow,
 * a clip to nothing, a place off screen, transparent text, or text the colour of what is behind it.
 */

/**
 * At most this much CSS of `<style>` blocks is read, and this many of its selectors kept (those of
 * rules that hide or colour): each is matched against every element, about 0.1 ms per selector for
 * the 2,000 elements the part read can hold (bench/mail-in.ts).
 */
const MAX_STYLE_CHARS = 16 * 1024;
const MAX_RULES = 64;

/** Elements whose content a reader never sees as text (`noscript`: mail clients run no script, so they show it, but senders put it there for no reader). */
const UNSEEN_ELEMENTS = new Set([
  'head',
  'title',
  'style',
  'script',
  'template',
  'noscript',
  'svg',
  'math',
  'object',
  'embed',
  'iframe',
  'canvas',
  'audio',
  'video',
  'map',
  'input',
  'textarea',
  'select',
  'option',
  'optgroup',
  'datalist',
  'button',
  'meter',
  'progress',
  'output',
]);

/** Declarations, property to value, lower case, `!important` dropped. */
type Declarations = Map<string, string>;

/** The properties of colour: of text, and of what is behind it. */
const PAINT = /^(color|background(-color)?)$/;

function declarationsOf(list: { property?: string; value?: string }[]): Declarations {
  const out: Declarations = new Map();
  for (const d of list)
    if (d.property && d.value !== undefined)
      out.set(
        d.property.trim().toLowerCase(),
        d.value
          .replace(/!\s*important/i, '')
          .trim()
          .toLowerCase(),
      );
  return out;
}

/** The declarations of an inline `style` attribute. */
function inlineDeclarations(style: string): Declarations {
  try {
    const rule = parseCss(`x{${style.replace(/[{}]/g, ' ')}}`, { silent: true }).stylesheet.rules[0];
    return rule && 'declarations' in rule ? declarationsOf(rule.declarations as CssDeclarationAST[]) : new Map();
  } catch {
    return new Map();
  }
}

/** A CSS length in px (em and rem as 16 px, pt as 4/3 px, % of 16 px for font sizes); null when it is no length. */
function px(value: string | undefined): number | null {
  const m = /^(-?\d*\.?\d+)(px|pt|em|rem|%)?$/.exec(value?.trim() ?? '');
  if (!m) return null;
  const n = Number(m[1]);
  const unit = m[2] ?? 'px';
  return unit === 'pt' ? (n * 4) / 3 : unit === 'em' || unit === 'rem' ? n * 16 : unit === '%' ? (n * 16) / 100 : n;
}

/** The first colour among a value's words (`background: #fff url(x) no-repeat`), or null. */
function colourOf(value: string | undefined) {
  if (!value) return null;
  const whole = colord(value);
  if (whole.isValid()) return whole;
  for (const word of value.split(/\s+(?![^(]*\))/)) {
    const c = colord(word);
    if (c.isValid()) return c;
  }
  return null;
}

/** Whether these declarations hide the element itself, whatever its colours. */
function hides(d: Declarations): boolean {
  if (d.get('display') === 'none' || d.get('mso-hide') === 'all' || d.get('content-visibility') === 'hidden') return true;
  if (d.get('visibility') === 'hidden' || d.get('visibility') === 'collapse') return true;
  const opacity = d.get('opacity');
  if (opacity !== undefined && Number.parseFloat(opacity) <= (opacity.endsWith('%') ? 5 : 0.05)) return true;
  const font = px(d.get('font-size'));
  if (font !== null && font <= 2) return true;
  const clipsOverflow = ['overflow', 'overflow-x', 'overflow-y'].some((p) => d.get(p) === 'hidden' || d.get(p) === 'clip');
  if (clipsOverflow && ['height', 'max-height', 'width', 'max-width'].some((p) => (px(d.get(p)) ?? 1) <= 1)) return true;
  if (/rect\(\s*0(px)?[\s,]+0(px)?[\s,]+0(px)?[\s,]+0(px)?\s*\)/.test(d.get('clip') ?? '')) return true;
  if (/inset\(\s*50%|circle\(\s*0/.test(d.get('clip-path') ?? '')) return true;
  const placed = d.get('position') === 'absolute' || d.get('position') === 'fixed';
  if (placed && ['left', 'top', 'right', 'bottom'].some((p) => (px(d.get(p)) ?? 0) <= -100)) return true;
  if ((px(d.get('text-indent')) ?? 0) <= -100) return true;
  if (/translate[xy]?\(\s*-\d{3,}/.test(d.get('transform') ?? '')) return true;
  return false;
}

/**
 * A selector as a test of an element, or null when css-select cannot read it. A selector of a
 * state or a part no static page has (`:hover`, `::before`) is taken without it, so a rule that
 * hides on hover hides here: reading less of a reply is the safe side.
 */
function compiled(selector: string): ((e: Element) => boolean) | null {
  for (const s of [
    selector,
    selector.replace(/::?(hover|focus|active|visited|link|before|after|first-line|first-letter|selection|placeholder|marker)\b/gi, ''),
  ]) {
    try {
      const test = compile<ChildNode, Element>(s.trim() || '*');
      return (e) => test(e);
    } catch {
      // Try again without the dynamic parts, else none.
    }
  }
  return null;
}

/** One `<style>` rule that can matter: its selectors compiled, its declarations. */
interface Rule {
  matches: (e: Element) => boolean;
  declarations: Declarations;
}

/** The rules of the document's `<style>` blocks (inside `@media` and the like too: hiding counts whatever the screen), in source order. */
function styleRules(css: string): Rule[] {
  let sheet: ReturnType<typeof parseCss>;
  try {
    sheet = parseCss(css.slice(0, MAX_STYLE_CHARS), { silent: true });
  } catch {
    return [];
  }
  const rules: Rule[] = [];
  const visit = (nodes: CssAtRuleAST[]) => {
    for (const node of nodes) {
      if (rules.length >= MAX_RULES) return;
      if ('selectors' in node && 'declarations' in node) {
        const declarations = declarationsOf(node.declarations as CssDeclarationAST[]);
        // A rule matters when it hides, or colours text or its background (same-colour text).
        if (!hides(declarations) && ![...declarations.keys()].some((p) => PAINT.test(p))) continue;
        for (const selector of node.selectors) {
          const test = compiled(selector);
          if (test) rules.push({ matches: test, declarations });
        }
      } else if ('rules' in node && Array.isArray(node.rules)) visit(node.rules as CssAtRuleAST[]);
    }
  };
  visit(sheet.stylesheet.rules);
  return rules;
}

/** Where the walk stands: the text colour and the colour behind it, as inherited. */
interface Paint {
  color: ReturnType<typeof colord>;
  background: ReturnType<typeof colord>;
}

/** Text of this colour on that background cannot be read (equal but for a shade, or transparent). */
function unreadable(p: Paint): boolean {
  return p.color.alpha() <= 0.05 || p.color.delta(p.background) < 0.03;
}

/**
 * Removes from `root` every node a reader would not see (see the module's comment); `rules` are
 * the document's style rules. Walks without recursion, so deep nesting costs no stack.
 */
function removeUnseen(root: ParentNode, rules: Rule[]): void {
  const white = colord('#fff');
  const stack: { node: ChildNode; paint: Paint }[] = [...root.children]
    .reverse()
    .map((node) => ({ node, paint: { color: colord('#000'), background: white } }));
  const gone: ChildNode[] = [];
  while (stack.length) {
    const { node, paint } = stack.pop()!;
    if (isText(node)) {
      if (node.data.trim() && unreadable(paint)) gone.push(node);
      continue;
    }
    if (!isTag(node)) continue;
    const name = node.name.toLowerCase();
    if (UNSEEN_ELEMENTS.has(name) || 'hidden' in node.attribs || node.attribs['aria-hidden'] === 'true') {
      gone.push(node);
      continue;
    }
    const d: Declarations = new Map();
    let hidden = false;
    for (const r of rules)
      if (r.matches(node)) {
        hidden ||= hides(r.declarations);
        for (const [k, v] of r.declarations) d.set(k, v);
      }
    const inline = node.attribs.style ? inlineDeclarations(node.attribs.style) : null;
    if (inline) for (const [k, v] of inline) d.set(k, v);
    if (hidden || (inline && hides(inline)) || hides(d)) {
      gone.push(node);
      continue;
    }
    const color =
      colourOf(d.get('color')) ??
      (name === 'font' ? colourOf(node.attribs.color) : name === 'body' ? colourOf(node.attribs.text) : null) ??
      paint.color;
    const background = colourOf(d.get('background-color')) ?? colourOf(d.get('background')) ?? colourOf(node.attribs.bgcolor);
    const next: Paint = { color, background: background && background.alpha() > 0.05 ? background : paint.background };
    for (let i = node.children.length - 1; i >= 0; i--) stack.push({ node: node.children[i], paint: next });
  }
  for (const node of gone) {
    const parent = node.parent;
    if (parent) parent.children.splice(parent.children.indexOf(node), 1);
  }
}

/** Block elements that start a line when the tags are removed. */
const BLOCKS = /^(p|div|br|tr|li|h[1-6]|table|ul|ol|blockquote|section|article|header|footer|pre|hr)$/;

/** The text of `root` with its tags removed, a new line at each block (without recursion). */
function plainText(root: ParentNode): string {
  const out: string[] = [];
  const stack: ChildNode[] = [...root.children].reverse();
  while (stack.length) {
    const node = stack.pop()!;
    if (isText(node)) out.push(node.data);
    else if (isTag(node)) {
      if (BLOCKS.test(node.name)) out.push('\n');
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]);
    }
  }
  return out.join('');
}

/**
 * `html` (the body to read, its head and styles already out) as a reader sees it: the nodes no
 * reader sees removed, judged with the style rules `css` (the document's `<style>` blocks). As
 * HTML for the converter, or, when `flat` (nesting too deep for it), as text with the tags removed.
 */
export function visibleHtml(html: string, css: string, flat = false): string {
  const doc = parseDocument(html, { decodeEntities: true });
  removeUnseen(doc, styleRules(css));
  return flat ? plainText(doc) : render(doc);
}

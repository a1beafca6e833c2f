// A small Markdown renderer for the rules documents: headings, paragraphs, lists (nested,
// with paragraphs, tables and code inside items), tables, code blocks, quotes, rules, and
// inline code, bold, italics and web links. It builds DOM nodes and never parses HTML:
// every piece of the text becomes a text node, so a document cannot inject markup or
// script (raw HTML shows as the characters it is written with), and a link is made only
// to an http or https address.
import { h } from "./api.js";

const FENCE = /^\s*(```|~~~)/;
const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const RULE = /^\s*([-*_])(\s*\1){2,}\s*$/;
const ITEM = /^(\s*)([-*+]|\d{1,9}[.)])(\s+)(.*)$/;
const TABLE_SEP = /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/;
/** @param {string} line */
const blank = (line) => !line.trim();
/** @param {string} line */
const indentOf = (line) => line.length - line.trimStart().length;
/** @param {string} line */
const startsBlock = (line) => FENCE.test(line) || HEADING.test(line) || RULE.test(line) || ITEM.test(line) || /^\s*>/.test(line);

/** Inline Markdown as DOM nodes: `code`, **bold**, *italics* or _italics_, [links](https://...).
 * @param {string} text @returns {Node[]} */
export function inline(text) {
  /** @type {Node[]} */
  const out = [];
  const re = /(`+)([\s\S]*?[^`])\1(?!`)|\*\*(?=\S)([\s\S]+?)\*\*|\*(?=[^\s*])([\s\S]+?)\*|(?<![\p{L}\p{N}_])_(?=\S)([\s\S]+?)_(?![\p{L}\p{N}_])|\[([^\]]+)\]\(([^)\s]+)\)/u;
  let rest = text;
  while (rest) {
    const m = re.exec(rest);
    if (!m) { out.push(document.createTextNode(rest)); break; }
    if (m.index) out.push(document.createTextNode(rest.slice(0, m.index)));
    if (m[1]) out.push(h("code", {}, m[2].trim() ? m[2].replace(/^ (.*) $/, "$1") : m[2]));
    else if (m[3] !== undefined) out.push(h("strong", {}, inline(m[3])));
    else if (m[4] !== undefined) out.push(h("em", {}, inline(m[4])));
    else if (m[5] !== undefined) out.push(h("em", {}, inline(m[5])));
    else if (/^https?:\/\//i.test(m[7])) out.push(h("a", { href: m[7], rel: "noopener noreferrer", target: "_blank" }, inline(m[6])));
    else out.push(...inline(m[6]));  // a link into the project's files: its words only
    rest = rest.slice(m.index + m[0].length);
  }
  return out;
}

/** @param {string} line */
const cellsOf = (line) => line.trim().replace(/^\|/, "").replace(/\|$/, "").split(/(?<!\\)\|/).map((c) => c.trim().replace(/\\\|/g, "|"));

/** @param {string[]} lines the table's rows, its separator second */
function table(lines) {
  const head = cellsOf(lines[0]);
  const align = cellsOf(lines[1]).map((c) => (c.endsWith(":") ? (c.startsWith(":") ? "center" : "right") : null));
  /** @param {"th" | "td"} tag @param {string} text @param {number} i */
  const cell = (tag, text, i) => h(tag, align[i] ? { style: `text-align:${align[i]}` } : {}, inline(text));
  return h("div.table-wrap", {}, h("table.md-table", {},
    h("thead", {}, h("tr", {}, head.map((c, i) => cell("th", c, i)))),
    h("tbody", {}, lines.slice(2).map((row) => h("tr", {}, cellsOf(row).map((c, i) => cell("td", c, i)))))));
}

// One list: items at the same indentation with the same kind of marker. An item holds the
// lines indented under it (dedented), and lines that simply continue its paragraph.
/** @param {string[]} lines @param {number} start the line of its first item
 * @returns {[HTMLElement, number]} the list and the line after it */
function list(lines, start) {
  const first = /** @type {RegExpExecArray} */ (ITEM.exec(lines[start]));  // the caller saw an item there
  const ordered = /\d/.test(first[2]);
  const base = first[1].length;
  /** @type {string[][]} */
  const items = [];
  let i = start;
  while (i < lines.length) {
    const m = ITEM.exec(lines[i]);
    if (!m || m[1].length !== base || /\d/.test(m[2]) !== ordered) break;
    const inner = base + m[2].length + m[3].length;
    const body = [m[4]];
    i += 1;
    while (i < lines.length) {
      const line = lines[i];
      if (blank(line)) {
        const next = lines.slice(i + 1).find((l) => !blank(l));
        if (next === undefined || indentOf(next) < inner) break;
        body.push("");
      } else if (indentOf(line) >= inner) body.push(line.slice(inner));
      else if (indentOf(line) > base && ITEM.test(line)) body.push(line.trimStart());
      else if (!startsBlock(line) && !line.trimStart().startsWith("|") && body[body.length - 1] !== "") body.push(line.trim());
      else break;
      i += 1;
    }
    items.push(body);
  }
  const start1 = ordered ? Number.parseInt(first[2], 10) : null;
  const el = h(ordered ? "ol" : "ul", start1 && start1 !== 1 ? { start: start1 } : {}, items.map((body) => {
    const blocks = blocksOf(body);
    // a tight item of one paragraph reads as its words, without a paragraph's margins
    return h("li", {}, blocks.length === 1 && blocks[0].tagName === "P" ? [...blocks[0].childNodes] : blocks);
  }));
  return [el, i];
}

/** @param {string[]} lines @returns {HTMLElement[]} */
function blocksOf(lines) {
  /** @type {HTMLElement[]} */
  const out = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (blank(line)) { i += 1; continue; }
    const fence = FENCE.exec(line);
    if (fence) {
      const end = lines.findIndex((l, k) => k > i && l.trim().startsWith(fence[1]));
      const stop = end === -1 ? lines.length : end;
      const indent = indentOf(line);
      out.push(h("pre.md-code", {}, h("code", {}, lines.slice(i + 1, stop).map((l) => l.slice(Math.min(indent, indentOf(l)))).join("\n"))));
      i = stop + 1;
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      // the document's own levels, under the panel's heading: # is h3, ## is h4...
      out.push(h(`h${Math.min(6, heading[1].length + 2)}`, {}, inline(heading[2])));
      i += 1;
      continue;
    }
    if (RULE.test(line)) { out.push(h("hr")); i += 1; continue; }
    if (line.trimStart().startsWith("|") && i + 1 < lines.length && TABLE_SEP.test(lines[i + 1])) {
      let end = i + 2;
      while (end < lines.length && lines[end].trimStart().startsWith("|")) end += 1;
      out.push(table(lines.slice(i, end)));
      i = end;
      continue;
    }
    if (/^\s*>/.test(line)) {
      /** @type {string[]} */
      const quoted = [];
      while (i < lines.length && /^\s*>/.test(lines[i])) { quoted.push(lines[i].replace(/^\s*> ?/, "")); i += 1; }
      out.push(h("blockquote", {}, blocksOf(quoted)));
      continue;
    }
    if (ITEM.test(line)) {
      const [el, next] = list(lines, i);
      out.push(el);
      i = next;
      continue;
    }
    /** @type {string[]} */
    const para = [];
    while (i < lines.length && !blank(lines[i]) && (!para.length || !startsBlock(lines[i]))
      && !(lines[i].trimStart().startsWith("|") && TABLE_SEP.test(lines[i + 1] || ""))) {
      para.push(lines[i].trim());
      i += 1;
    }
    out.push(h("p", {}, inline(para.join("\n"))));
  }
  return out;
}

/** A Markdown document as DOM nodes (see the module's comment for what it knows).
 * @param {string} text @returns {Node[]} */
export function markdown(text) {
  return blocksOf(String(text || "").replace(/\r\n?/g, "\n").split("\n"));
}

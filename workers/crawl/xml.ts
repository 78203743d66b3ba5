/**
 * A small, strict XML reader for sitemaps. It checks well-formedness (one root, balanced and properly
 * nested tags, quoted attributes, known entities) so that a broken sitemap is reported with a line and
 * column instead of silently yielding half a page list. DTDs are refused: sitemaps have none, and
 * entity expansion is a known attack surface.
 */

export interface XmlElement {
  /** Name without namespace prefix ("url" for "sm:url"). */
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** Concatenated text and CDATA directly inside this element. */
  text: string;
}

export class XmlSyntaxError extends Error {
  constructor(
    readonly reason: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(`${reason} (line ${line}, column ${column})`);
    this.name = "XmlSyntaxError";
  }
}

const NAME = /^[A-Za-z_][\w.:-]*/;
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function localName(qname: string): string {
  const i = qname.indexOf(":");
  return i >= 0 ? qname.slice(i + 1) : qname;
}

/** Parses an XML document into its root element; throws XmlSyntaxError when it is not well-formed. */
export function parseXml(source: string): XmlElement {
  const text = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
  let pos = 0;
  const stack: { qname: string; el: XmlElement }[] = [];
  let root: XmlElement | null = null;

  const fail = (reason: string, at = pos): never => {
    const before = text.slice(0, at);
    const line = before.split("\n").length;
    const column = at - before.lastIndexOf("\n");
    throw new XmlSyntaxError(reason, line, column);
  };

  const decode = (raw: string, at: number): string =>
    raw.replace(/&([^;&\s<]*);?/g, (match, name: string, offset: number) => {
      if (!match.endsWith(";")) fail(`Unescaped "&" in text or attribute`, at + offset);
      if (name in ENTITIES) return ENTITIES[name];
      const num = /^#(x[0-9a-fA-F]+|[0-9]+)$/.exec(name);
      if (num) {
        const code = num[1].startsWith("x") ? parseInt(num[1].slice(1), 16) : parseInt(num[1], 10);
        if (code > 0 && code <= 0x10ffff) return String.fromCodePoint(code);
      }
      return fail(`Unknown entity "&${name};"`, at + offset);
    });

  const addText = (raw: string, at: number, cdata = false) => {
    const top = stack[stack.length - 1];
    if (!top) {
      if (raw.trim()) fail("Text outside the root element", at);
      return;
    }
    top.el.text += cdata ? raw : decode(raw, at);
  };

  while (pos < text.length) {
    const lt = text.indexOf("<", pos);
    if (lt < 0) {
      addText(text.slice(pos), pos);
      break;
    }
    if (lt > pos) addText(text.slice(pos, lt), pos);
    pos = lt;
    if (text.startsWith("<?", pos)) {
      const end = text.indexOf("?>", pos);
      if (end < 0) fail("Unterminated processing instruction");
      pos = end + 2;
    } else if (text.startsWith("<!--", pos)) {
      const end = text.indexOf("-->", pos + 4);
      if (end < 0) fail("Unterminated comment");
      pos = end + 3;
    } else if (text.startsWith("<![CDATA[", pos)) {
      const end = text.indexOf("]]>", pos);
      if (end < 0) fail("Unterminated CDATA section");
      if (!stack.length) fail("CDATA outside the root element");
      addText(text.slice(pos + 9, end), pos, true);
      pos = end + 3;
    } else if (text.startsWith("<!", pos)) {
      fail("Document type declarations are not allowed in sitemaps");
    } else if (text.startsWith("</", pos)) {
      const m = NAME.exec(text.slice(pos + 2));
      if (!m) fail("Malformed closing tag");
      const qname = m![0];
      const after = pos + 2 + qname.length;
      const gt = text.indexOf(">", after);
      if (gt < 0 || text.slice(after, gt).trim()) fail(`Malformed closing tag </${qname}>`);
      const top = stack.pop();
      if (!top) fail(`Unexpected closing tag </${qname}>`);
      if (top!.qname !== qname) fail(`Expected </${top!.qname}> but found </${qname}>`);
      pos = gt + 1;
    } else {
      const m = NAME.exec(text.slice(pos + 1));
      if (!m) fail('Unexpected "<"');
      const qname = m![0];
      let i = pos + 1 + qname.length;
      const el: XmlElement = { name: localName(qname), attributes: {}, children: [], text: "" };
      let selfClosing = false;
      for (;;) {
        const ws = /^\s*/.exec(text.slice(i))![0].length;
        i += ws;
        if (text.startsWith("/>", i)) {
          selfClosing = true;
          i += 2;
          break;
        }
        if (text[i] === ">") {
          i += 1;
          break;
        }
        if (i >= text.length) fail(`Unterminated tag <${qname}>`, pos);
        if (!ws) fail(`Expected whitespace before an attribute in <${qname}>`, i);
        const an = NAME.exec(text.slice(i));
        if (!an) fail(`Malformed attribute in <${qname}>`, i);
        i += an![0].length;
        const eq = /^\s*=\s*/.exec(text.slice(i));
        if (!eq) fail(`Attribute ${an![0]} in <${qname}> has no value`, i);
        i += eq![0].length;
        const quote = text[i];
        if (quote !== '"' && quote !== "'") fail(`Attribute ${an![0]} in <${qname}> must be quoted`, i);
        const close = text.indexOf(quote, i + 1);
        if (close < 0) fail(`Unterminated attribute value in <${qname}>`, i);
        const value = text.slice(i + 1, close);
        if (value.includes("<")) fail(`"<" inside the value of attribute ${an![0]}`, i);
        if (an![0] in el.attributes) fail(`Duplicate attribute ${an![0]} in <${qname}>`, i);
        el.attributes[an![0]] = decode(value, i + 1);
        i = close + 1;
      }
      const parent = stack[stack.length - 1];
      if (parent) parent.el.children.push(el);
      else if (root) fail(`A second root element <${qname}>`, pos);
      else root = el;
      if (!selfClosing) stack.push({ qname, el });
      pos = i;
    }
  }
  if (stack.length) fail(`Missing closing tag </${stack[stack.length - 1].qname}>`, text.length);
  if (!root) fail("The document has no root element", 0);
  return root!;
}

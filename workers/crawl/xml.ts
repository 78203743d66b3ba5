import { XMLParser, XMLValidator } from "fast-xml-parser";

/**
 * Reads an XML document (a sitemap) into a small element tree, with fast-xml-parser doing the parsing.
 * The document is validated first, so a broken sitemap is reported with its line and column instead of
 * silently yielding half a page list. Entities declared in a DTD are never expanded (entity expansion
 * is a known attack surface; sitemaps have no DTD): only XML's five named entities and character
 * references are decoded, and any other entity is an error.
 */

export interface XmlElement {
  /** Name without namespace prefix ("url" for "sm:url"). */
  name: string;
  children: XmlElement[];
  /** Concatenated text and CDATA directly inside this element, entities decoded. */
  text: string;
}

export class XmlSyntaxError extends Error {
  constructor(
    readonly reason: string,
    readonly line?: number,
    readonly column?: number,
  ) {
    super(line === undefined ? reason : `${reason} (line ${line}${column === undefined ? "" : `, column ${column}`})`);
    this.name = "XmlSyntaxError";
  }
}

const TEXT = "#text";
const CDATA = "#cdata";
const ATTRIBUTES = ":@";

/** fast-xml-parser's `preserveOrder` output: each node is `{ [name]: children }`, text is `{ "#text": string }`. */
type OrderedNode = Record<string, unknown>;

const parser = new XMLParser({
  preserveOrder: true,
  removeNSPrefix: true,
  ignoreAttributes: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  parseTagValue: false,
  // Decoded below, so that DTD entities are never expanded and CDATA is never decoded.
  processEntities: false,
  trimValues: false,
  cdataPropName: CDATA,
});

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function positionOf(source: string, at: number): { line: number; column: number } {
  const before = source.slice(0, Math.max(at, 0));
  return { line: before.split("\n").length, column: at - before.lastIndexOf("\n") };
}

function decodeEntities(raw: string, source: string): string {
  return raw.replace(/&([^;&\s<]*);/g, (match, name: string) => {
    if (name in ENTITIES) return ENTITIES[name];
    const num = /^#(x[0-9a-fA-F]+|[0-9]+)$/.exec(name);
    if (num) {
      const code = num[1].startsWith("x") ? parseInt(num[1].slice(1), 16) : parseInt(num[1], 10);
      if (code > 0 && code <= 0x10ffff) return String.fromCodePoint(code);
    }
    const { line, column } = positionOf(source, source.indexOf(match));
    throw new XmlSyntaxError(`Unknown entity "${match}"`, line, column);
  });
}

/** The validator names several unclosed tags as a JSON array at line 1; say it in words instead. */
function validatorError(err: { msg: string; line: number; col?: number }): XmlSyntaxError {
  const unclosed = /^Invalid '(\[.*\])' found\.$/.exec(err.msg);
  if (unclosed) {
    const names = JSON.parse(unclosed[1]) as string[];
    return new XmlSyntaxError(`Missing closing tags: ${names.map((n) => `</${n}>`).reverse().join(", ")}`);
  }
  return new XmlSyntaxError(err.msg.replace(/\.$/, ""), err.line, err.col);
}

function elementName(node: OrderedNode): string | undefined {
  return Object.keys(node).find((k) => k !== ATTRIBUTES && k !== TEXT && k !== CDATA);
}

function toElement(name: string, nodes: OrderedNode[], source: string): XmlElement {
  const el: XmlElement = { name, children: [], text: "" };
  for (const node of nodes) {
    if (TEXT in node) el.text += decodeEntities(String(node[TEXT]), source);
    else if (CDATA in node) el.text += (node[CDATA] as OrderedNode[]).map((t) => String(t[TEXT] ?? "")).join("");
    else {
      const child = elementName(node);
      if (child !== undefined) el.children.push(toElement(child, node[child] as OrderedNode[], source));
    }
  }
  return el;
}

/** Parses an XML document into its root element; throws XmlSyntaxError when it is not well-formed. */
export function parseXml(source: string): XmlElement {
  const valid = XMLValidator.validate(source);
  if (valid !== true) throw validatorError(valid.err);
  let nodes: OrderedNode[];
  try {
    nodes = parser.parse(source) as OrderedNode[];
  } catch (err) {
    throw new XmlSyntaxError(err instanceof Error ? err.message : String(err));
  }
  const roots = nodes.filter((n) => elementName(n) !== undefined);
  if (roots.length === 0) throw new XmlSyntaxError("The document has no root element");
  if (roots.length > 1) throw new XmlSyntaxError(`A second root element <${elementName(roots[1])}>`);
  const name = elementName(roots[0])!;
  return toElement(name, roots[0][name] as OrderedNode[], source);
}

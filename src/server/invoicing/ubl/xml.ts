import { SaxesParser, type SaxesTagNS } from 'saxes';
import { UblInvoiceError } from './errors';

/**
 * A namespace-checked view of an XML document, read by saxes (a conforming, streaming XML parser):
 * every element is looked up by (namespace URI, local name), whatever prefix the document gives it,
 * so a `<x:ID xmlns:x="urn:other">` never passes for `cbc:ID`. Reading is linear in the document's
 * size (a 20 MB embedded PDF is one text node, read in well under a second) and bounded: no DOCTYPE
 * (so no entity expansion), at most MAX_DEPTH levels and MAX_ELEMENTS elements.
 */

export const NS = {
  invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  creditNote: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
} as const;

/** How deep elements may nest: a UBL invoice needs about ten levels. */
export const MAX_DEPTH = 100;
/** How many elements a document may have: an invoice of some 15,000 lines; more is refused before it fills the memory. */
export const MAX_ELEMENTS = 500_000;

export interface XNode {
  readonly ns: string;
  readonly name: string;
  readonly attrs: Readonly<Record<string, string>>;
  /** The element's own text (not its descendants'), as written. */
  readonly text: string;
  readonly children: readonly XNode[];
}

interface OpenNode { ns: string; name: string; attrs: Record<string, string>; text: string; children: XNode[] }

/** The text of `input` as UTF-8, without a byte order mark. */
function decode(input: string | Buffer): string {
  if (typeof input !== 'string') {
    if ((input[0] === 0xff && input[1] === 0xfe) || (input[0] === 0xfe && input[1] === 0xff)) {
      throw new UblInvoiceError('unsupportedEncoding', 'The document is UTF-16; Peppol BIS documents are UTF-8.');
    }
    input = input.toString('utf8');
  }
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const declared = /^<\?xml[^>]*\bencoding\s*=\s*["']([^"']+)["']/.exec(text.slice(0, 200))?.[1];
  if (declared && !/^utf-?8$/i.test(declared)) {
    throw new UblInvoiceError('unsupportedEncoding', `The document declares encoding ${declared}; Peppol BIS documents are UTF-8.`);
  }
  return text;
}

/** The root element of `input`, namespace-resolved; malformed XML is a UblInvoiceError, never a crash. */
export function readXml(input: string | Buffer): XNode {
  const text = decode(input);
  const parser = new SaxesParser({ xmlns: true, position: true });
  const stack: OpenNode[] = [];
  let root: XNode | null = null;
  let elements = 0;
  parser.on('doctype', () => {
    throw new UblInvoiceError('malformedXml', 'The document has a DOCTYPE; UBL documents have none (entity declarations are refused).');
  });
  parser.on('opentag', (tag: SaxesTagNS) => {
    elements += 1;
    if (stack.length >= MAX_DEPTH) {
      throw new UblInvoiceError('tooComplex', `The document nests elements deeper than ${MAX_DEPTH} levels; a UBL invoice needs about ten.`);
    }
    if (elements > MAX_ELEMENTS) {
      throw new UblInvoiceError('tooComplex', `The document has more than ${MAX_ELEMENTS} elements.`);
    }
    const attrs: Record<string, string> = {};
    for (const attr of Object.values(tag.attributes)) {
      if (attr.prefix === 'xmlns' || (attr.prefix === '' && attr.local === 'xmlns')) continue;
      attrs[attr.local] = attr.value;
    }
    stack.push({ ns: tag.uri, name: tag.local, attrs, text: '', children: [] });
  });
  const addText = (value: string) => {
    const current = stack[stack.length - 1];
    if (current) current.text += value;
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.on('closetag', () => {
    const node = stack.pop()!;
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(node);
    else if (root) throw new UblInvoiceError('malformedXml', 'The document must have exactly one root element.');
    else root = node;
  });
  try {
    parser.write(text).close();
  } catch (error) {
    if (error instanceof UblInvoiceError) throw error;
    throw new UblInvoiceError('malformedXml', `The document is not well-formed XML: ${(error as Error).message.slice(0, 300)}`);
  }
  if (!root) throw new UblInvoiceError('malformedXml', 'The document has no root element.');
  return root;
}

/** The children of `node` named `cbc:X` / `cac:X` (the prefix names the UBL namespace, not the document's prefix). */
export function all(node: XNode | undefined, qname: string): XNode[] {
  if (!node) return [];
  const [prefix, local] = qname.split(':') as [keyof typeof NS, string];
  return node.children.filter((child) => child.name === local && child.ns === NS[prefix]);
}

/** The first node at a `/`-separated path of qualified names below `node`. */
export function one(node: XNode | undefined, path: string): XNode | undefined {
  let current = node;
  for (const step of path.split('/')) current = all(current, step)[0];
  return current;
}

/** The trimmed text at `path`, or null when the element is missing or blank. */
export function textAt(node: XNode | undefined, path: string): string | null {
  const text = one(node, path)?.text.trim();
  return text ? text : null;
}

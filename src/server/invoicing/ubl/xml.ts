import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { UblInvoiceError } from './errors';

/**
 * A namespace-checked view of an XML document. fast-xml-parser's `removeNSPrefix` drops prefixes
 * without looking at the URIs they stand for, so a `<x:ID xmlns:x="urn:other">` would pass for
 * `cbc:ID`. Here the parser keeps prefixes and every element's prefix is resolved against the
 * `xmlns` declarations in scope; elements are then looked up by (namespace URI, local name).
 */

export const NS = {
  invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  creditNote: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
} as const;

export interface XNode {
  readonly ns: string;
  readonly name: string;
  readonly attrs: Readonly<Record<string, string>>;
  /** The element's own text (not its descendants'), as written. */
  readonly text: string;
  readonly children: readonly XNode[];
}

type Raw = Record<string, unknown> & { '#text'?: string; '@'?: Record<string, string> };

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  attributesGroupName: '@',
  removeNSPrefix: false,
  // Amounts and identifiers stay text: the default turns '015.50' into 15.5 and '0123' into 123.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  alwaysCreateTextNode: true,
  // Every element is a list, so a single InvoiceLine, TaxSubtotal or AllowanceCharge is one too.
  isArray: (_name, _path, _isLeaf, isAttribute) => !isAttribute,
  ignoreDeclaration: true,
  ignorePiTags: true,
});

/** The text of `input` as UTF-8, without a byte order mark. */
function decode(input: string | Buffer): string {
  if (typeof input !== 'string') {
    if ((input[0] === 0xff && input[1] === 0xfe) || (input[0] === 0xfe && input[1] === 0xff)) {
      throw new UblInvoiceError('unsupportedEncoding', 'The document is UTF-16; Peppol BIS documents are UTF-8.');
    }
    input = input.toString('utf8');
  }
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const declared = /^<\?xml[^>]*\bencoding\s*=\s*["']([^"']+)["']/.exec(text)?.[1];
  if (declared && !/^utf-?8$/i.test(declared)) {
    throw new UblInvoiceError('unsupportedEncoding', `The document declares encoding ${declared}; Peppol BIS documents are UTF-8.`);
  }
  return text;
}

function build(name: string, raw: Raw, scope: Readonly<Record<string, string>>, path: string): XNode {
  const allAttrs = raw['@'] ?? {};
  let inScope = scope;
  const attrs: Record<string, string> = {};
  for (const [key, value] of Object.entries(allAttrs)) {
    if (key === 'xmlns') inScope = { ...inScope, '': value };
    else if (key.startsWith('xmlns:')) inScope = { ...inScope, [key.slice(6)]: value };
    else attrs[key.includes(':') ? key.slice(key.indexOf(':') + 1) : key] = value;
  }
  const colon = name.indexOf(':');
  const prefix = colon < 0 ? '' : name.slice(0, colon);
  const ns = inScope[prefix];
  if (ns === undefined && prefix !== '') {
    throw new UblInvoiceError('malformedXml', `The prefix '${prefix}' of <${name}> is not declared.`, path);
  }
  const children: XNode[] = [];
  for (const [key, value] of Object.entries(raw)) {
    if (key === '#text' || key === '@') continue;
    for (const child of value as Raw[]) children.push(build(key, child, inScope, `${path}/${key}`));
  }
  return { ns: ns ?? '', name: colon < 0 ? name : name.slice(colon + 1), attrs, text: raw['#text'] ?? '', children };
}

/** The root element of `input`, namespace-resolved; malformed XML is a UblInvoiceError, never a crash. */
export function readXml(input: string | Buffer): XNode {
  const text = decode(input);
  if (/<!DOCTYPE/i.test(text)) {
    throw new UblInvoiceError('malformedXml', 'The document has a DOCTYPE; UBL documents have none (entity declarations are refused).');
  }
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    throw new UblInvoiceError('malformedXml', `The document is not well-formed XML: ${valid.err.msg} (line ${valid.err.line}, column ${valid.err.col}).`);
  }
  const parsed = parser.parse(text) as Record<string, Raw[]>;
  const roots = Object.entries(parsed);
  if (roots.length !== 1 || roots[0][1].length !== 1) {
    throw new UblInvoiceError('malformedXml', 'The document must have exactly one root element.');
  }
  const [name, [raw]] = roots[0];
  return build(name, raw, { xml: 'http://www.w3.org/XML/1998/namespace' }, `/${name}`);
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

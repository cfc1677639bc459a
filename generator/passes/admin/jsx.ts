import type { CodeBlockWriter, WriterFunction } from 'ts-morph';
import { Code, quote, tsLiteral } from '../../emit';

/**
 * A small JSX tree that the screens pass builds and ts-morph's CodeBlockWriter prints: screens are
 * data first (testable, composable), text last.
 */
export type PropValue = string | number | boolean | Code | JsxNode | readonly unknown[] | object | undefined;

/** A component passed by reference (`field={MoneyField}`): printed as its name and imported like a tag. */
export class ComponentRef extends Code {
  constructor(readonly component: string) { super(component); }
}
export const componentRef = (name: string) => new ComponentRef(name);

export interface JsxNode {
  readonly tag: string;
  readonly props: Readonly<Record<string, PropValue>>;
  readonly children: readonly JsxNode[];
}

/** An element; undefined props are left out, children may be skipped with false/undefined. */
export function el(tag: string, props: Record<string, PropValue> = {}, ...children: (JsxNode | false | undefined)[]): JsxNode {
  return { tag, props, children: children.filter((c): c is JsxNode => !!c) };
}

const isNode = (v: unknown): v is JsxNode => !!v && typeof v === 'object' && 'tag' in v && 'props' in v && 'children' in v;

function writeProp(w: CodeBlockWriter, name: string, value: PropValue): void {
  if (value === undefined) return;
  if (value === true) return void w.write(` ${name}`);
  if (typeof value === 'string' && !/["\\\n{}<>]/.test(value)) return void w.write(` ${name}="${value}"`);
  w.write(` ${name}={`);
  if (typeof value === 'string') w.write(quote(value));
  else if (isNode(value)) writeNode(w, value);
  else w.write(tsLiteral(value));
  w.write('}');
}

function writeNode(w: CodeBlockWriter, node: JsxNode): void {
  w.write(`<${node.tag}`);
  for (const [name, value] of Object.entries(node.props)) writeProp(w, name, value);
  if (node.children.length === 0) return void w.write(' />');
  w.write('>');
  w.indent(() => {
    for (const child of node.children) {
      w.newLineIfLastNot();
      writeNode(w, child);
    }
  });
  w.newLineIfLastNot().write(`</${node.tag}>`);
}

/** `() => (<Tag ...>...</Tag>)`: a component without props. */
export function componentWriter(node: JsxNode): WriterFunction {
  return (w) => {
    w.write('() => (');
    w.indent(() => {
      w.newLineIfLastNot();
      writeNode(w, node);
    });
    w.newLineIfLastNot().write(')');
  };
}

/** `[<A />, <B />]`: an array of elements (react-admin's filters prop). */
export function arrayWriter(nodes: readonly JsxNode[]): WriterFunction {
  return (w) => {
    w.write('[');
    w.indent(() => {
      for (const n of nodes) {
        w.newLineIfLastNot();
        writeNode(w, n);
        w.write(',');
      }
    });
    w.newLineIfLastNot().write(']');
  };
}

/** Every tag used in a tree, and in elements passed as props. */
export function tagsOf(nodes: readonly JsxNode[]): Set<string> {
  const tags = new Set<string>();
  const visit = (n: JsxNode) => {
    tags.add(n.tag);
    for (const v of Object.values(n.props)) {
      if (isNode(v)) visit(v);
      else if (v instanceof ComponentRef) tags.add(v.component);
    }
    n.children.forEach(visit);
  };
  nodes.forEach(visit);
  return tags;
}

export { Code };

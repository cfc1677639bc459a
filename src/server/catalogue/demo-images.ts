/**
 * Pictures of the demo catalogue: one drawing per kind of article (its second-level category, by
 * family) in the article's colour when it has one, so that the demo shop shows its products instead
 * of empty frames. Each is an SVG made once from a Material icon (rendered with React, as the app
 * renders them) on a tinted ground, served at GET /api/demo-images/<family>[--<colour>].svg
 * (src/server/actions/demo-images.ts); the
 * demo articles' `image` is that path (a url field with orPath). Real articles carry their
 * suppliers' own image addresses.
 */
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

/** The Material icon drawn for each family of the demo catalogue (catalogue-data.ts). */
export const FAMILY_ICONS: Readonly<Record<string, string>> = {
  writing: 'Create', filing: 'Folder', desk: 'ContentCut', notes: 'StickyNote2', glue: 'AutoFixNormal',
  'copy-paper': 'Description', envelopes: 'Mail', toner: 'Print', labels: 'Label', 'special-paper': 'Photo',
  input: 'Keyboard', monitors: 'Monitor', cables: 'Cable', storage: 'SdCard', audio: 'Headset',
  cleaners: 'CleaningServices', 'hygiene-paper': 'Wc', hands: 'Soap', equipment: 'Handyman', waste: 'Delete',
  coffee: 'Coffee', milk: 'EmojiFoodBeverage', drinks: 'LocalDrink', tableware: 'Restaurant', disposables: 'CardGiftcard',
  gloves: 'BackHand', 'eyes-ears': 'Visibility', workwear: 'Checkroom', shoes: 'Hiking', 'first-aid': 'MedicalServices',
  chairs: 'Chair', desks: 'Desk', cabinets: 'Shelves', lighting: 'Lightbulb', ergonomics: 'AirlineSeatReclineNormal',
  boxes: 'Inventory2', tape: 'DonutLarge', fill: 'BubbleChart', film: 'Layers', transport: 'LocalShipping',
};

/** The demo colours (their English names in catalogue-data.ts TRAITS) as paint. */
export const COLOURS: Readonly<Record<string, string>> = {
  black: '#263238', white: '#fafafa', blue: '#1e63c4', red: '#c62828', green: '#2e7d32', yellow: '#f9c623', grey: '#78909c',
  cream: '#efe3c2', orange: '#ef6c00', purple: '#6a1b9a', anthracite: '#37474f', beige: '#d7c4a1',
};
/** Colours too pale to show on a light ground. */
const PALE = new Set(['white', 'cream', 'beige', 'yellow']);
/** Articles without a colour: the drawing in a neutral slate. */
const NEUTRAL = '#455a64';

/** The image path of a demo article: its family, and its colour when it has one of COLOURS. */
export function demoImagePath(family: string, colour?: string | null): string | null {
  if (!FAMILY_ICONS[family]) return null;
  const paint = colour?.toLowerCase();
  return `/api/demo-images/${family}${paint && COLOURS[paint] ? `--${paint}` : ''}.svg`;
}

/** The inner elements (paths, circles) of a Material icon, drawn on a 24×24 grid. */
async function iconShapes(name: string): Promise<string> {
  const module = (await import(`@mui/icons-material/${name}`)) as { default: ComponentType | { default: ComponentType } };
  const icon = 'default' in module.default ? module.default.default : module.default;
  const markup = renderToStaticMarkup(createElement(icon as ComponentType));
  const inner = /<svg[^>]*>([\s\S]*)<\/svg>/.exec(markup)?.[1];
  if (!inner) throw new Error(`icon ${name} has no drawing`);
  return inner;
}

/** A light shade of a colour for the ground (mixed with white). */
function tint(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const mix = (c: number) => Math.round(c + (255 - c) * amount).toString(16).padStart(2, '0');
  return `#${mix((n >> 16) & 255)}${mix((n >> 8) & 255)}${mix(n & 255)}`;
}

/** The SVG of a family in a colour: the icon large and centred on a ground tinted with it. */
export async function demoImageSvg(family: string, colour: string | null): Promise<string> {
  const paint = (colour && COLOURS[colour]) || NEUTRAL;
  const light = colour !== null && PALE.has(colour);
  const shapes = await iconShapes(FAMILY_ICONS[family]);
  // Pale paints get a darker ground and an outline, so that a white article still shows.
  const ground = light ? '#cfd8dc' : tint(paint, 0.88);
  const outline = light ? ' stroke="#546e7a" stroke-width="0.35"' : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 240" width="320" height="240">`
    + `<rect width="320" height="240" fill="${ground}"/>`
    + `<circle cx="160" cy="120" r="92" fill="#ffffff" fill-opacity="0.55"/>`
    + `<g transform="translate(100 60) scale(5)" fill="${paint}"${outline}>${shapes}</g></svg>`;
}

const NAME_RE = /^([a-z0-9-]+?)(?:--([a-z]+))?\.svg$/;

/** The family and colour a picture's name (<family>[--<colour>].svg) names, or null when it names no picture of the demo. */
export function demoImageOf(name: string): { family: string; colour: string | null } | null {
  const match = NAME_RE.exec(name);
  const family = match?.[1];
  const colour = match?.[2] ?? null;
  if (!family || !FAMILY_ICONS[family] || (colour !== null && !COLOURS[colour])) return null;
  return { family, colour };
}

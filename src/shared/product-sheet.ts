/**
 * The spreadsheet of a company's own articles (issue 28: bulk import and export; beyond the spec).
 * One format for both ways, so an exported file can be edited and imported back:
 *
 * - **A file**: an .xlsx (its first sheet) or a .csv (`;` or `,` between fields, whichever the header
 *   line uses; UTF-8 with or without a byte order mark; `"` quoting), told apart by its content. At
 *   most CONSTANTS.productImportMaxMb MB and CONSTANTS.productImportMaxLines lines.
 * - **The first line is the header**: the column names below, in any order, as written here (case,
 *   spaces, `_` and `-` do not matter: `Title NL` is `title_nl`). `articleNumberSupplier` and
 *   `supplier` are required; every other column may be left out. A column the format does not know
 *   is ignored (the preview names it).
 * - **One line per offer** (a supplier's article number and price of an article). A line whose
 *   supplier and article number (case and spaces around it ignored) are those of one of the
 *   company's own offers updates that offer and its article; any other line creates an article with
 *   that one offer. Two lines with the same supplier and number: the second is refused.
 * - **What a column holds**: `supplier` the name, VAT number or id of a supplier the company may use
 *   (its own or the platform's); `category` the category's path as the shop shows it (`Kantoor >
 *   Papier`, in any language) or its id; `marketplace` its name or id; `price` a decimal with at most
 *   two decimals (dot or comma), excl. VAT; `priceQuantity`, `minOrderQuant`, `tax` (percent), `stock`,
 *   `estimateDeliveryDays` whole numbers; `available` yes/no (also ja/nee, oui/non, true/false, 1/0);
 *   `ean` 8 or 13 digits with a right check digit; `title_*` and `description_*` the article's title
 *   and short description per language (`title_nl` is required for a new article),
 *   `longDescription_*` its long description.
 * - **An empty cell** clears the value (a text, the category, the stock: not tracked); for `price`
 *   it is refused, and for `priceQuantity`, `minOrderQuant`, `tax`, `estimateDeliveryDays` and
 *   `available` it keeps the stored value (a new article gets the default). A column left out of
 *   the file changes nothing on an update.
 * - What the file does not carry (images but the main one, keywords, attributes, an article's other
 *   offers) is left as it is.
 */

/** The columns, in the order the export writes them. */
export const PRODUCT_SHEET_COLUMNS = [
  'articleNumberSupplier', 'supplier',
  'title_nl', 'title_en', 'title_fr',
  'description_nl', 'description_en', 'description_fr',
  'longDescription_nl', 'longDescription_en', 'longDescription_fr',
  'brand', 'manufacturer', 'ean', 'pnNumber', 'family', 'category', 'marketplace', 'image',
  'price', 'priceQuantity', 'minOrderQuant', 'tax', 'stock', 'estimateDeliveryDays', 'available',
] as const;
export type ProductSheetColumn = (typeof PRODUCT_SHEET_COLUMNS)[number];

/** The columns a file must have. */
export const REQUIRED_SHEET_COLUMNS: readonly ProductSheetColumn[] = ['articleNumberSupplier', 'supplier'];

/** A header cell as compared: lower case, without spaces, `_`, `-` and `.`. */
const headerKey = (name: string) => name.normalize('NFC').toLowerCase().replace(/[\s_.-]+/g, '');
const BY_KEY = new Map<string, ProductSheetColumn>(PRODUCT_SHEET_COLUMNS.map((c) => [headerKey(c), c]));

/** The column a header cell names, or null for one the format does not know. */
export const sheetColumnOf = (header: string): ProductSheetColumn | null => BY_KEY.get(headerKey(header)) ?? null;

/** The words `available` takes (any case), by what they mean. */
export const SHEET_BOOLEANS: Readonly<Record<string, boolean>> = {
  true: true, false: false, yes: true, no: false, ja: true, nee: false, oui: true, non: false, '1': true, '0': false,
  waar: true, onwaar: false, vrai: true, faux: false,
};

/** An EAN-13 (or EAN-8) with a right check digit. */
export function validEan(ean: string): boolean {
  if (!/^(\d{8}|\d{13})$/.test(ean)) return false;
  const digits = [...ean].map(Number);
  const check = digits.pop()!;
  const sum = digits.reverse().reduce((s, d, i) => s + d * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

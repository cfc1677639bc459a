import { z } from 'zod';
import { resourceByName } from '../../../model';
import type { CategoryDto, SupplierArticleDto } from '../../shared/catalogue-dto';
import { wireValueSchema } from '../../shared/wire-schemas';

/**
 * What the catalogue calls answer (SupplierArticleDto, Category of the shop contract). Answers are
 * serialized through these schemas, so a DTO field they miss would silently vanish from the shop:
 * the checks at the end make the shared DTO types and these schemas agree key for key at compile time.
 * Values the builder copies from a column without a default are nullable, so an odd row is answered, not a 500.
 */

const supplierArticles = resourceByName('supplier-articles');
const text = z.string();
const maybe = <T extends z.ZodType>(s: T) => s.nullable();
const languageText = z.object({ languageCode: text, description: text });
const perLanguage = z.object({ nl: text, en: text, fr: text });

/** The SupplierArticleDto every customer-facing article call answers. */
export const supplierArticleDtoSchema = z.object({
  id: text, customerId: maybe(text), articleNumberSupplier: maybe(text), title: perLanguage,
  price: maybe(text), priceQuantity: z.number(), minOrderQuant: z.number(), currency: text, tax: z.number(),
  manufacturer: maybe(text), brand: maybe(text), supplierId: maybe(text), supplierName: maybe(text),
  supplierShippingCost: maybe(text), minimumOrderPrice: maybe(text), stock: maybe(z.number()), estimateDeliveryDays: z.number(),
  type: text, image: maybe(text), images: z.array(text), shortDescriptions: z.array(languageText), longDescriptions: z.array(languageText),
  categoryId: maybe(text), categoryHierarchy: maybe(perLanguage), marketplaceId: maybe(text), family: maybe(text),
  available: z.boolean(), promoted: z.boolean(), offerId: maybe(text), keywords: z.array(text), ean: maybe(text), pnNumber: maybe(text),
  attributes: wireValueSchema(supplierArticles.fields.attributes),
});

/** The Category of the shop contract, with its subtree (recursive: the tree has no fixed depth). */
export const categoryDtoSchema = z.object({
  id: text, parentId: maybe(text), level: z.number(), descriptions: z.array(languageText), hierarchy: perLanguage,
  get subCategories(): z.ZodArray<typeof categoryDtoSchema> { return z.array(categoryDtoSchema); },
  amountOfArticles: z.number(), imageUrl: maybe(text), sequenceNumber: z.number(), popular: z.boolean(),
  // Named, so the document refers to it (#/components/schemas/Category) instead of an unresolvable inline cycle.
}).meta({ id: 'Category' });

/** Compiles only when both have the same keys and every DTO value fits the schema. */
type Agrees<Dto, S extends z.ZodType> = [Exclude<keyof Dto, keyof z.input<S>> | Exclude<keyof z.input<S>, keyof Dto>] extends [never]
  ? Dto extends z.input<S> ? true : false : false;
type Assert<T extends true> = T;
export type ArticleSchemaAgrees = Assert<Agrees<SupplierArticleDto, typeof supplierArticleDtoSchema>>;
export type CategorySchemaAgrees = Assert<Agrees<CategoryDto, typeof categoryDtoSchema>>;

import type { ActionContract } from './define';
import { orderRatingContracts } from './order-ratings';
import { productCategoryContracts } from './product-categories';
import { supplierArticleContracts } from './supplier-articles';
import { catalogRuleContracts } from './catalog-rules';
import { articleMailRequestContracts } from './article-mail-requests';
import { supplierContracts } from './suppliers';
import { customerAddressContracts } from './customer-addresses';
import { mailOutboxContracts } from './mail-outbox';
import { orderCommentContracts } from './order-comments';
import { orderTemplateContracts } from './order-templates';

/** Every custom action's contract, by resource and action name (the generic CRUD's come from the model's endpoints). */
export const CONTRACTS: Readonly<Record<string, Readonly<Record<string, ActionContract>>>> = {
  'order-ratings': orderRatingContracts,
  'product-categories': productCategoryContracts,
  'supplier-articles': supplierArticleContracts,
  'catalog-rules': catalogRuleContracts,
  'article-mail-requests': articleMailRequestContracts,
  suppliers: supplierContracts,
  'customer-addresses': customerAddressContracts,
  'mail-outbox': mailOutboxContracts,
  'order-comments': orderCommentContracts,
  'order-templates': orderTemplateContracts,
};

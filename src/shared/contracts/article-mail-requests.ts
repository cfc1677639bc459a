import { z } from 'zod';
import { access } from '../../../model/dsl/access';
import { articleMailRequests } from '../../../model/resources/catalogue';
import { articleMailRequestCreateSchema } from '../../../generated/schemas/article-mail-requests.gen';
import { contractsOf } from './define';
import { resultOf } from './shapes';

/** A user's back-in-stock mail request (core §7 articleMailRequest). */
export const articleMailRequestContracts = contractsOf(articleMailRequests, {
  request: {
    method: 'POST', path: '/customers/articleMailRequest', access: access.customer(),
    summary: 'Asks for a mail when an out-of-stock article is back in stock; asking twice keeps one request.',
    body: articleMailRequestCreateSchema,
    response: resultOf(z.object({ id: z.string(), createdAt: z.string() })),
    errors: ['noActiveCustomer', 'SupplierArticleNotFound'],
  },
});

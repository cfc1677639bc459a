/**
 * The order-template calls as the pages use them (flows §7: POST /order-templates/query, /id,
 * /create, /update, /delete; and POST /order-templates/{id}/to-transporter). Shapes are the calls'
 * contracts (src/shared/contracts/order-templates.ts), so a change of a contract shows here at compile time.
 */
import type { ResultOf } from '../../../shared/contracts/define';
import type { orderTemplateContracts as C } from '../../../shared/contracts/order-templates';
import type { OrderTemplateCreateDto } from '../../../../generated/types/order-templates.gen';
import { orderTemplatesToTransporter } from '../../../../generated/app/calls/order-templates.gen';
import { callApi } from '../../data/call-api';
import type { HttpClient } from '../../data/http';
import { loadBasket } from '../basket/store';

type TemplateAnswer = ResultOf<typeof C.id>;
type ListAnswer = ResultOf<typeof C.query>;

export type OrderTemplate = TemplateAnswer['result'];
export type TemplateLine = OrderTemplate['lines'][number];
export type TemplateArticle = NonNullable<TemplateLine['article']>;
export type TemplateSummary = ListAnswer['result']['items'][number];
/** A line as it is sent (create's and update's dto.lines): the article and how many. */
export type LineInput = Exclude<NonNullable<OrderTemplateCreateDto['lines']>, ''>[number];

/** Templates per page of the list. */
export const TEMPLATE_PAGE_SIZE = 10;

/**
 * Adds the template's lines to the user's basket on the server, then reloads the basket into the
 * session store (through the basket's own queue, so it never overtakes a change under way).
 */
export async function templateToBasket(http: HttpClient, id: string): Promise<void> {
  await callApi(http, orderTemplatesToTransporter, { params: { id }, body: {} });
  await loadBasket(http);
}

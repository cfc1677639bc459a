/**
 * The order-template calls as the pages use them (flows §7: POST /order-templates/query, /id,
 * /create, /update, /delete; and POST /order-templates/{id}/to-transporter). Shapes are the model's
 * action types (generated/types), so a change of the model shows here at compile time.
 */
import type {
  OrderTemplateCreateBody, OrderTemplateIdResponse, OrderTemplateQueryResponse, OrderTemplateUpdateBody,
} from '../../../../generated/types/order-templates.gen';
import type { HttpClient } from '../../data/http';
import { loadBasket } from '../basket/store';

export type OrderTemplate = OrderTemplateIdResponse['result'];
export type TemplateLine = OrderTemplate['lines'][number];
export type TemplateArticle = NonNullable<TemplateLine['article']>;
export type TemplateSummary = OrderTemplateQueryResponse['result']['items'][number];
export type TemplateList = OrderTemplateQueryResponse['result'];
/** A line as it is sent: the article and how many. */
export interface LineInput { supplierArticleId: string; amount: number }

/** Templates per page of the list. */
export const TEMPLATE_PAGE_SIZE = 10;

/** The query key of every template read: invalidating it refreshes list and detail. */
export const TEMPLATES_KEY = ['app', 'order-templates'] as const;

export function queryTemplates(http: HttpClient, query: { skip: number; take: number; search?: string }, signal?: AbortSignal): Promise<TemplateList> {
  return http.post<OrderTemplateQueryResponse>('/order-templates/query', { query }, { signal }).then((r) => r.result);
}

export function getTemplate(http: HttpClient, id: string, signal?: AbortSignal): Promise<OrderTemplate> {
  return http.post<OrderTemplateIdResponse>('/order-templates/id', { id }, { signal }).then((r) => r.result);
}

export function createTemplate(http: HttpClient, dto: OrderTemplateCreateBody['dto']): Promise<OrderTemplate> {
  return http.post<OrderTemplateIdResponse>('/order-templates/create', { dto }).then((r) => r.result);
}

export function updateTemplate(http: HttpClient, dto: OrderTemplateUpdateBody['dto']): Promise<OrderTemplate> {
  return http.post<OrderTemplateIdResponse>('/order-templates/update', { dto }).then((r) => r.result);
}

export function deleteTemplate(http: HttpClient, id: string): Promise<OrderTemplate> {
  return http.post<OrderTemplateIdResponse>('/order-templates/delete', { id }).then((r) => r.result);
}

/**
 * Adds the template's lines to the user's basket on the server, then reloads the basket into the
 * session store (through the basket's own queue, so it never overtakes a change under way).
 */
export async function templateToBasket(http: HttpClient, id: string): Promise<void> {
  await http.post(`/order-templates/${encodeURIComponent(id)}/to-transporter`, {});
  await loadBasket(http);
}

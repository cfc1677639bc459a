/**
 * The app's dataProvider, in layers (CONVENTIONS): a base provider per endpoint style, a router that
 * sends each resource to its style by RESOURCE_ENDPOINTS, per-resource overrides where the spec asks
 * for client work, and the error layer that makes every failure a translated message.
 */
import type { DataProvider, I18nProvider, Identifier, RaRecord } from 'ra-core';
import type { EndpointStyle } from '../../../model/dsl/endpoints';
import type { ResourceEndpoint, ResourceEndpointTable } from '../../shared/generated-contract';
import { listArticleCategories } from './article-categories';
import { withErrorMessages } from './errors';
import type { HttpClient } from './http';
import type { StyleProvider } from './styles/common';
import { queryStyle } from './styles/query';
import { restStyle } from './styles/rest';
import { viewStyle } from './styles/view';

/** react-admin's DataProvider plus the query style's restore (POST {base}/restore {dto:{id}}). */
export type AppDataProvider = DataProvider & {
  restore: (resource: string, params: { id: Identifier }) => Promise<{ data: RaRecord }>;
};

export interface DataProviderOptions {
  http: HttpClient;
  endpoints: ResourceEndpointTable;
  i18nProvider: I18nProvider;
}

export function createDataProvider({ http, endpoints, i18nProvider }: DataProviderOptions): AppDataProvider {
  const endpointOf = (resource: string): ResourceEndpoint => {
    const endpoint = endpoints[resource];
    if (!endpoint) throw new Error(`No endpoint for resource '${resource}'`);
    return endpoint;
  };
  const context = { http, endpointOf };
  const rest = restStyle(context);
  const styles: Record<EndpointStyle, StyleProvider> = { query: queryStyle(context), restV2: rest, rest, view: viewStyle(context) };

  const styleOf = (resource: string) => styles[endpointOf(resource).style];
  const router: StyleProvider = {
    getList: (resource, params) => styleOf(resource).getList(resource, params),
    getOne: (resource, params) => styleOf(resource).getOne(resource, params),
    getMany: (resource, params) => styleOf(resource).getMany(resource, params),
    getManyReference: (resource, params) => styleOf(resource).getManyReference(resource, params),
    create: (resource, params) => styleOf(resource).create(resource, params),
    update: (resource, params) => styleOf(resource).update(resource, params),
    updateMany: (resource, params) => styleOf(resource).updateMany(resource, params),
    delete: (resource, params) => styleOf(resource).delete(resource, params),
    deleteMany: (resource, params) => styleOf(resource).deleteMany(resource, params),
    restore: (resource, params) => styleOf(resource).restore(resource, params),
  };

  const withOverrides: StyleProvider = {
    ...router,
    getList: (resource, params) => (resource === 'article-categories' ? listArticleCategories(router, params) : router.getList(resource, params)),
  };
  // The style providers speak plain records; react-admin's generic signatures only narrow them per call.
  return withErrorMessages(withOverrides as unknown as AppDataProvider, i18nProvider);
}

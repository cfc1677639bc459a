/**
 * The app's dataProvider (CONVENTIONS): one provider per endpoint style — REST v2 and plain REST on
 * ra-data-simple-rest (styles/rest.ts), the spec's query style and views on the HTTP client —
 * joined with react-admin's combineDataProviders by RESOURCE_ENDPOINTS, with per-resource overrides
 * where the spec asks for client work, and the error layer that makes every failure a translated message.
 */
import { combineDataProviders, type DataProvider, type I18nProvider, type Identifier, type RaRecord } from 'ra-core';
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
  const query = queryStyle(context);
  const rest = restStyle(context);
  // The style providers speak plain records; react-admin's generic signatures only narrow them per call.
  const errors = (provider: StyleProvider) => withErrorMessages(provider as unknown as AppDataProvider, i18nProvider);
  const styles: Record<EndpointStyle, AppDataProvider> = { query: errors(query), restV2: errors(rest), rest: errors(rest), view: errors(viewStyle(context)) };

  // Per-resource overrides: a provider of their own, on the style provider of their endpoints.
  const overrides: Record<string, AppDataProvider> = {
    'article-categories': errors({ ...query, getList: (_resource, params) => listArticleCategories(query, params) }),
  };

  // An unknown resource goes to a style that rejects the call (endpointOf), as a failed call, not a crash.
  return combineDataProviders((resource) => overrides[resource] ?? styles[endpoints[resource]?.style ?? 'query']) as AppDataProvider;
}

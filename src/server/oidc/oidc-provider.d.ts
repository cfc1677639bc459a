/**
 * The part of oidc-provider 9's API this project uses. oidc-provider ships no types; this shim
 * keeps the package list unchanged. If @types/oidc-provider is added to devDependencies, delete
 * this file (the names below follow that package so the code keeps compiling).
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface AdapterPayload {
    [key: string]: unknown;
    jti?: string;
    grantId?: string;
    userCode?: string;
    uid?: string;
    consumed?: number;
    accountId?: string;
    clientId?: string;
  }

  export interface Adapter {
    upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void>;
    find(id: string): Promise<AdapterPayload | undefined>;
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>;
    findByUid(uid: string): Promise<AdapterPayload | undefined>;
    consume(id: string): Promise<void>;
    destroy(id: string): Promise<void>;
    revokeByGrantId(grantId: string): Promise<void>;
  }

  export type AccountClaims = { sub: string; [key: string]: unknown };
  export interface Account {
    accountId: string;
    claims(use: string, scope: string, claims: unknown, rejected: string[]): Promise<AccountClaims> | AccountClaims;
  }

  export interface ClientMetadata {
    client_id: string;
    [key: string]: unknown;
  }

  export interface Client {
    clientId: string;
    redirectUris: string[];
    postLogoutRedirectUris?: string[];
    clientAuthMethod: string;
  }

  export interface ResourceServer {
    identifier(): string;
    scopes: Set<string>;
    audience?: string;
  }

  export class Grant {
    constructor(properties: { accountId: string; clientId: string });
    static find(id: string): Promise<Grant | undefined>;
    jti: string;
    accountId: string;
    clientId: string;
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    addResourceScope(resource: string, scope: string): void;
    save(ttl?: number): Promise<string>;
    destroy(): Promise<void>;
  }

  export interface Interaction {
    uid: string;
    jti: string;
    returnTo: string;
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
    params: Record<string, unknown> & { client_id?: string; ui_locales?: string; login_hint?: string; scope?: string };
    session?: { accountId?: string; uid?: string };
    grantId?: string;
    exp: number;
  }

  export interface InteractionResults {
    login?: { accountId: string; remember?: boolean; ts?: number; amr?: string[]; acr?: string };
    consent?: { grantId?: string };
    error?: string;
    error_description?: string;
    [key: string]: unknown;
  }

  /** The koa context with the `oidc` bag, reduced to what the configuration callbacks here read. */
  export interface KoaContextWithOIDC {
    oidc: {
      provider: Provider;
      route: string;
      client?: Client;
      account?: Account;
      session?: { accountId?: string; grantIdFor(clientId: string): string | undefined };
      result?: InteractionResults;
      params?: Record<string, unknown>;
      requestParamOIDCScopes: Set<string>;
      requestParamScopes: Set<string>;
      resourceServers: Record<string, ResourceServer>;
      [key: string]: unknown;
    };
    host: string;
    headers: Record<string, string | string[] | undefined>;
    type: string;
    body: unknown;
    status: number;
    acceptsLanguages(...langs: string[]): string | false;
    [key: string]: unknown;
  }

  export interface AccessTokenLike {
    kind: string;
    accountId: string;
    clientId: string;
    resourceServer?: ResourceServer;
  }

  export type Configuration = Record<string, unknown>;

  export class Provider {
    constructor(issuer: string, configuration?: Configuration);
    readonly issuer: string;
    proxy: boolean;
    readonly Grant: typeof Grant;
    readonly Client: { find(id: string): Promise<Client | undefined> };
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionResult(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResults,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<string>;
    on(event: string, listener: (...args: unknown[]) => void): this;
    /** A Koa middleware around every provider request (its context: koa's, typed where it is used). */
    use(middleware: (ctx: never, next: () => Promise<unknown>) => Promise<unknown>): this;
  }

  export namespace interactionPolicy {
    class Check {
      constructor(
        reason: string,
        description: string,
        error: string,
        check: (ctx: KoaContextWithOIDC) => boolean | Promise<boolean>,
      );
      static readonly REQUEST_PROMPT: true;
      static readonly NO_NEED_TO_PROMPT: false;
    }
    interface Prompt {
      name: string;
      checks: Check[] & { add(check: Check, index?: number): void };
    }
    type Policy = Prompt[] & { get(name: string): Prompt | undefined };
    function base(): Policy;
  }

  export namespace errors {
    class OIDCProviderError extends Error {
      error: string;
      error_description?: string;
      status: number;
    }
    class InvalidTarget extends OIDCProviderError {
      constructor(description?: string);
    }
    class SessionNotFound extends OIDCProviderError {}
    class InvalidGrant extends OIDCProviderError {
      constructor(description?: string);
    }
  }

  export default Provider;
}

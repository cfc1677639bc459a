import { searchContracts } from '../../shared/contracts/search';
import { credentialsFor } from '../search/credentials';
import { implement } from './define';

/** GET /search/credentials: the work is in src/server/search/credentials.ts. */
export const searchActions = implement(searchContracts, {
  credentials: async ({ db, request, services }) => ({ result: await credentialsFor(db, services.config, request) }),
});

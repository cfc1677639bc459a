-- The marketplace's features facet (features.<lang>): an article's attributes as facet values of every
-- language in one array, each entry '<lang>:<value>' (src/server/search/records.ts featureEntries).
-- Indexes built before this column existed get it empty: a rebuild (rebuildTenantIndex) fills it.
alter table search_documents add column features text[] not null default '{}';

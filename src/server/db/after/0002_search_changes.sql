-- Which records each version of a search index wrote or removed, so that an engine's index in memory
-- can follow small changes in place (src/server/search/memory-patch.ts) instead of loading again.
-- object_id '*' stands for "too many to list" (a bulk write or a clear). index-sync.ts writes a version's
-- rows in the statement that bumps the version and keeps only the most recent versions.
create table search_changes (
  index_name text not null,
  version bigint not null,
  object_id text not null,
  primary key (index_name, version, object_id)
);

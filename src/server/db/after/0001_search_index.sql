-- Embedded search engine (src/server/search): one row per record of a logical index
-- (articles_<tenant hostname>_<environment>). Applied after the generated model migrations.
-- search_documents holds only what matching, filtering, ranking and counting read, so that its rows
-- stay small (a query reads thousands of them); the records themselves are in search_records.

create table search_documents (
  index_name text not null,
  object_id text not null,
  tenant_id text,
  owner text,
  supplier_id text,
  marketplace_id text,
  category_id text,
  category_ids text[] not null default '{}',
  family text,
  supplier_name text,
  brand text,
  manufacturer text,
  marketplace_name text,
  type text,
  currency text,
  promoted boolean not null default false,
  -- The record's categoryId: hierarchical category facets are counted per key and named from search_categories.
  category_key text not null default '',
  price numeric(14,2),
  stock integer,
  title_words text[] not null default '{}',
  words text[] not null default '{}',
  sort_key text not null default '',
  primary key (index_name, object_id)
);

create index search_documents_words_idx on search_documents using gin (words);
create index search_documents_index_sort_idx on search_documents (index_name, promoted desc, sort_key, object_id);

-- The records as pushed (the hits a search answers).
create table search_records (
  index_name text not null,
  object_id text not null,
  record jsonb not null,
  primary key (index_name, object_id)
);

-- The hierarchical category values ('categories' of the records) per category key.
create table search_categories (
  index_name text not null,
  category_key text not null,
  categories jsonb not null,
  primary key (index_name, category_key)
);

-- The distinct words of an index: prefixes and typos of a query word are expanded against it.
-- seq lets a cache load only the words added since it last looked.
create table search_words (
  index_name text not null,
  word text not null,
  seq bigserial,
  primary key (index_name, word)
);

-- One row per index: its settings (as pushed by an indexing job) and counters the engine's cache checks.
create table search_indexes (
  index_name text primary key,
  settings jsonb not null default '{}'::jsonb,
  generation integer not null default 0,
  version bigint not null default 0,
  updated_at timestamptz not null default now()
);

-- Paging a tenant's articles by id when (re)building its index.
create index supplier_articles_tenant_id_id_idx on supplier_articles (tenant_id, id);

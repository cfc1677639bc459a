-- One hit per article (issue 28): a search groups the offers of one article (search_documents.distinct_key
-- = the record's articleId, the index's attributeForDistinct) and answers each article once, by its
-- best-ranked offer the user may see. Documents written before carry the article of their supplier
-- article from here on; the records' articleId comes with the next write or rebuild of the index.
alter table search_documents add column distinct_key text;

update search_documents d set distinct_key = s.article_id::text
from supplier_articles s where d.object_id = s.id::text and s.article_id is not null;

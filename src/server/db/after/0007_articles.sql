-- Articles and their offers (issue 28; model/resources/catalogue.ts `articles`): the article holds the
-- product data (titles, descriptions, brand, EAN, PN number, category, marketplace, family,
-- availability, keywords, images, attributes); a supplier article is a supplier's offer of it and
-- carries a copy of that data for the shop's reads (search records, catalogue rules, basket, orders).
-- The database keeps the copy, whichever path writes:
--   * an offer inserted without an article gets a new article made of its own product data;
--   * an offer inserted or moved to an article takes the article's product data;
--   * product data written on an offer is written on its article;
--   * an article's product data is copied to each of its offers.
-- The copies compare with `is distinct from`, so a write that changes nothing writes nothing and the
-- chain ends after one round.

-- Every existing supplier article gets an article of its own with its product data: nothing is
-- merged, so no offer's texts are lost; basket, order and template lines keep their supplier_article_id.
-- The column stays nullable for the model's types; the insert trigger below gives every new offer one.
with made as (
  select id as offer_id, gen_random_uuid() as article_id from supplier_articles where article_id is null
), articles_made as (
  insert into articles (id, tenant_id, customer_id, title, short_description, long_description, brand, manufacturer, ean, pn_number, category_id, marketplace_id, family, available, keywords, image, images, attributes, created_at, updated_at)
  select m.article_id, s.tenant_id, s.customer_id, s.title, s.short_description, s.long_description, s.brand, s.manufacturer, s.ean, s.pn_number, s.category_id, s.marketplace_id, s.family, s.available, s.keywords, s.image, s.images, s.attributes, s.created_at, s.updated_at
  from made m join supplier_articles s on s.id = m.offer_id
)
update supplier_articles s set article_id = m.article_id from made m where s.id = m.offer_id;

create function supplier_article_takes_article() returns trigger language plpgsql as $$
declare
  art articles%rowtype;
begin
  if tg_op = 'UPDATE' and new.article_id is not distinct from old.article_id then
    return new;
  end if;
  if new.article_id is null then
    insert into articles (tenant_id, customer_id, title, short_description, long_description, brand, manufacturer, ean, pn_number, category_id, marketplace_id, family, available, keywords, image, images, attributes)
    values (new.tenant_id, new.customer_id, new.title, new.short_description, new.long_description, new.brand, new.manufacturer, new.ean, new.pn_number, new.category_id, new.marketplace_id, new.family, new.available, new.keywords, new.image, new.images, new.attributes)
    returning id into new.article_id;
    return new;
  end if;
  select * into art from articles
  where id = new.article_id and tenant_id = new.tenant_id and customer_id is not distinct from new.customer_id;
  if not found then
    raise exception 'article % is not an article of the offer''s owner', new.article_id using errcode = 'foreign_key_violation';
  end if;
  new.title := art.title;
    new.short_description := art.short_description;
    new.long_description := art.long_description;
    new.brand := art.brand;
    new.manufacturer := art.manufacturer;
    new.ean := art.ean;
    new.pn_number := art.pn_number;
    new.category_id := art.category_id;
    new.marketplace_id := art.marketplace_id;
    new.family := art.family;
    new.available := art.available;
    new.keywords := art.keywords;
    new.image := art.image;
    new.images := art.images;
    new.attributes := art.attributes;
  return new;
end $$;

create trigger supplier_articles_take_article before insert or update on supplier_articles
  for each row execute function supplier_article_takes_article();

create function supplier_article_writes_article() returns trigger language plpgsql as $$
begin
  if new.article_id is not distinct from old.article_id and (old.title is distinct from new.title or old.short_description is distinct from new.short_description or old.long_description is distinct from new.long_description or old.brand is distinct from new.brand or old.manufacturer is distinct from new.manufacturer or old.ean is distinct from new.ean or old.pn_number is distinct from new.pn_number or old.category_id is distinct from new.category_id or old.marketplace_id is distinct from new.marketplace_id or old.family is distinct from new.family or old.available is distinct from new.available or old.keywords is distinct from new.keywords or old.image is distinct from new.image or old.images is distinct from new.images or old.attributes is distinct from new.attributes) then
    update articles a set
      title = new.title,
      short_description = new.short_description,
      long_description = new.long_description,
      brand = new.brand,
      manufacturer = new.manufacturer,
      ean = new.ean,
      pn_number = new.pn_number,
      category_id = new.category_id,
      marketplace_id = new.marketplace_id,
      family = new.family,
      available = new.available,
      keywords = new.keywords,
      image = new.image,
      images = new.images,
      attributes = new.attributes,
      updated_at = now()
    where a.id = new.article_id and (a.title is distinct from new.title or a.short_description is distinct from new.short_description or a.long_description is distinct from new.long_description or a.brand is distinct from new.brand or a.manufacturer is distinct from new.manufacturer or a.ean is distinct from new.ean or a.pn_number is distinct from new.pn_number or a.category_id is distinct from new.category_id or a.marketplace_id is distinct from new.marketplace_id or a.family is distinct from new.family or a.available is distinct from new.available or a.keywords is distinct from new.keywords or a.image is distinct from new.image or a.images is distinct from new.images or a.attributes is distinct from new.attributes);
  end if;
  return null;
end $$;

create trigger supplier_articles_write_article after update on supplier_articles
  for each row execute function supplier_article_writes_article();

create function article_writes_offers() returns trigger language plpgsql as $$
begin
  update supplier_articles a set
    title = new.title,
      short_description = new.short_description,
      long_description = new.long_description,
      brand = new.brand,
      manufacturer = new.manufacturer,
      ean = new.ean,
      pn_number = new.pn_number,
      category_id = new.category_id,
      marketplace_id = new.marketplace_id,
      family = new.family,
      available = new.available,
      keywords = new.keywords,
      image = new.image,
      images = new.images,
      attributes = new.attributes,
    updated_at = now()
  where a.tenant_id = new.tenant_id and a.article_id = new.id and (a.title is distinct from new.title or a.short_description is distinct from new.short_description or a.long_description is distinct from new.long_description or a.brand is distinct from new.brand or a.manufacturer is distinct from new.manufacturer or a.ean is distinct from new.ean or a.pn_number is distinct from new.pn_number or a.category_id is distinct from new.category_id or a.marketplace_id is distinct from new.marketplace_id or a.family is distinct from new.family or a.available is distinct from new.available or a.keywords is distinct from new.keywords or a.image is distinct from new.image or a.images is distinct from new.images or a.attributes is distinct from new.attributes);
  return null;
end $$;

create trigger articles_write_offers after update on articles
  for each row execute function article_writes_offers();

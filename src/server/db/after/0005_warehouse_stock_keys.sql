-- Keys of warehouse stock the model's field language cannot say (model/resources/warehouse-stock.ts).

-- flows §5 "an existing warehouse instance is rejected": one warehouse article per warehouse and
-- supplier article, also when two requests add it at once (WarehouseInstanceAlreadyExists).
create unique index warehouse_instances_warehouse_article_key on warehouse_instances (tenant_id, warehouse_id, supplier_article_id);

-- A warehouse's articles go with it (DELETE /warehouses/{id} and /warehouse-management/{id} are the
-- model's generic deletes): the one foreign key of the schema, so no warehouse article is left
-- pointing at nothing. Their stock movements (the activity) stay.
alter table warehouse_instances add constraint warehouse_instances_warehouse_fk
  foreign key (warehouse_id) references warehouses (id) on delete cascade;

-- The restock job reads the instances with auto-restock at or below their minimum, in every tenant.
create index warehouse_instances_restock_idx on warehouse_instances (tenant_id, customer_id) where auto_restock and depleted_at is not null;

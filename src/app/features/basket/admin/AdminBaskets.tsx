import { FormControlLabel, Stack, Switch } from '@mui/material';
import {
  ArrayField, AutocompleteInput, DataTable, List, Pagination, ReferenceField, ReferenceInput, Show, SimpleShowLayout, TextField,
  useGetOne, useListContext, useRecordContext, useTranslate,
} from 'react-admin';
import { addDays, todayInShopZone } from '../../../../shared/shop-clock';
import { DateField, NumberField, TranslatedTextField } from '../../../generated-support';
import { DateFilter } from '../../../generated-support/DateFilter';
import type { TransporterRecord } from '../../../../../generated/types/transporters.gen';

const F = 'resources.transporters.filters';

/**
 * The end of the period when none is chosen (core §3 dateFilter: "endDate defaults to one day
 * after now"): tomorrow in the shop's time zone, a whole day (the server's day bound takes all of it).
 */
export const defaultEndDate = (now: Date = new Date()) => addDays(todayInShopZone(now), 1);

/**
 * The basket list's date filter (core §3 transporters' dateFilter: startDate, a use flag, an
 * optional endDate): while it is on, the list asks for the baskets changed from startDate (if
 * any) up to endDate (tomorrow unless chosen) — the filters startDate and endDate bound updatedAt
 * (model/resources/ordering.ts). The flag is whether the bounds are in the list's filters: off sends
 * neither, on always sends an end, so the URL and the remembered list keep it as they keep a filter.
 */
export function BasketDateFilter() {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const on = typeof filterValues.endDate === 'string' && filterValues.endDate !== '';
  const change = (changes: Record<string, string | undefined>) => {
    const next: Record<string, unknown> = { ...filterValues, ...changes };
    for (const key of ['startDate', 'endDate']) if (!next[key]) delete next[key];
    setFilters(next, {}, false);
  };
  return (
    <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap', alignItems: 'center', px: { xs: 1, sm: 2 }, py: 1 }}>
      <FormControlLabel
        control={<Switch checked={on} onChange={(e) => change(e.target.checked ? { endDate: defaultEndDate() } : { startDate: undefined, endDate: undefined })} />}
        label={translate('basketAdmin.byDate')}
      />
      {on && (
        <>
          <DateFilter label={translate(`${F}.startDate`)} value={String(filterValues.startDate ?? '')} onChange={(startDate) => change({ startDate })} width={200} />
          {/* cleared, the end goes back to its default: the filter stays on until it is switched off */}
          <DateFilter label={translate(`${F}.endDate`)} value={String(filterValues.endDate)} onChange={(endDate) => change({ endDate: endDate || defaultEndDate() })} width={200} />
        </>
      )}
    </Stack>
  );
}

const basketFilters = [
  <ReferenceInput key="userId" source="userId" label={`${F}.userId`} reference="users" sort={{ field: 'displayname', order: 'ASC' }} alwaysOn>
    <AutocompleteInput label={`${F}.userId`} optionText="displayname" />
  </ReferenceInput>,
];

const linesCount = (record: TransporterRecord) => record.lines?.length ?? 0;

/**
 * /ycAdmin/transporters: every basket of the tenant (POST /admin/transporters/query), newest change
 * first: whose it is, for which company, when it last changed and how many lines it holds; a row
 * opens the basket. Filters: the user, and the period of its last change (BasketDateFilter).
 */
export const AdminBasketList = () => {
  const translate = useTranslate();
  return (
    <List filters={basketFilters} sort={{ field: 'updatedAt', order: 'DESC' }} perPage={20} pagination={<Pagination rowsPerPageOptions={[10, 20, 50, 100]} />} exporter={false}>
      <BasketDateFilter />
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="userId" disableSort>
          <ReferenceField source="userId" reference="users" link={false}>
            <TextField source="displayname" />
          </ReferenceField>
        </DataTable.Col>
        <DataTable.Col source="customerId" disableSort>
          <ReferenceField source="customerId" reference="customers" link={false}>
            <TextField source="name" />
          </ReferenceField>
        </DataTable.Col>
        <DataTable.Col source="updatedAt">
          <DateField source="updatedAt" showTime />
        </DataTable.Col>
        <DataTable.Col label={translate('basketAdmin.linesCount')} align="right" render={linesCount} />
      </DataTable>
    </List>
  );
};

/**
 * /ycAdmin/transporters/{id}: one basket (GET /admin/transporters/{id}): its user, company and last
 * change, and its lines by the article's number and title (the supplier articles read at once,
 * react-admin's getMany) with the amount.
 */
export const AdminBasketShow = () => (
  <Show title={<BasketTitle />}>
    <SimpleShowLayout>
      <ReferenceField source="userId" reference="users" link={false}>
        <TextField source="displayname" />
      </ReferenceField>
      <ReferenceField source="customerId" reference="customers" link={false}>
        <TextField source="name" />
      </ReferenceField>
      <DateField source="updatedAt" showTime />
      <ArrayField source="lines">
        <DataTable bulkActionButtons={false} rowClick={false} empty={<BasketEmpty />}>
          <DataTable.Col source="supplierArticleId" label="resources.supplier-articles.fields.articleNumberSupplier">
            <ReferenceField source="supplierArticleId" reference="supplier-articles" link={false}>
              <TextField source="articleNumberSupplier" />
            </ReferenceField>
          </DataTable.Col>
          <DataTable.Col label="resources.supplier-articles.fields.title">
            <ReferenceField source="supplierArticleId" reference="supplier-articles" link={false}>
              <TranslatedTextField source="title" />
            </ReferenceField>
          </DataTable.Col>
          <DataTable.Col source="amount" label="resources.transporters.fields.lines.amount" align="right" field={NumberField} />
        </DataTable>
      </ArrayField>
    </SimpleShowLayout>
  </Show>
);

function BasketEmpty() {
  const translate = useTranslate();
  return <span>{translate('basketAdmin.empty')}</span>;
}

/** "Basket of <user>" (the record's representation is its user's id, no name to read). */
function BasketTitle() {
  const translate = useTranslate();
  const record = useRecordContext<TransporterRecord>();
  const { data: owner } = useGetOne<{ id: string; displayname?: string | null; email?: string | null }>('users', { id: record?.userId ?? '' }, { enabled: !!record?.userId });
  const name = owner?.displayname || owner?.email;
  return <span>{name ? translate('basketAdmin.title', { name }) : translate('resources.transporters.name', { smart_count: 1 })}</span>;
}

import { useEffect, useState } from 'react';
import { Alert, Autocomplete, Box, Button, Chip, Paper, TextField, Typography } from '@mui/material';
import { useGetList, useTranslate } from 'ra-core';
import { useCatalogRulesForCustomerUser, useCatalogRulesSetForCustomerUser, useMarketplacesCustomerList, useProductCategoriesProductCategories } from '../../../../generated/app/calls.gen';
import type { SupplierRecord } from '../../../../generated/types/suppliers.gen';
import type { Contracts } from '../../../shared/contracts';
import type { ResultOf } from '../../../shared/contracts/define';
import { useCoreServices } from '../../bootstrap/context';
import { describeError } from '../../data/errors';
import { useAppNotify } from '../../notify/useAppNotify';

type Kind = 'MarketPlaces' | 'Suppliers' | 'Categories' | 'Families';
type Rules = ResultOf<Contracts['catalog-rules']['forCustomerUser']>['result'];
interface Option { id: string; label: string }

const KINDS: readonly { kind: Kind; text: string }[] = [
  { kind: 'MarketPlaces', text: 'users.marketPlaces' }, { kind: 'Suppliers', text: 'users.suppliers' },
  { kind: 'Categories', text: 'users.categories' }, { kind: 'Families', text: 'users.families' },
];

/**
 * What the pickers offer: the shop's marketplaces (GET /marketplaces, the customer's view; the data
 * provider reaches the admin's), suppliers (a list that fails is an empty picker) and categories
 * (their description in the interface language). Undefined until the marketplaces and categories are read.
 */
function useRuleOptions(): { data?: Record<Exclude<Kind, 'Families'>, Option[]> } {
  const { i18n } = useCoreServices();
  const marketplaces = useMarketplacesCustomerList({});
  const suppliers = useGetList<SupplierRecord>('suppliers', { pagination: { page: 1, perPage: 500 } }, { retry: false });
  const categories = useProductCategoriesProductCategories({ query: { page: 1, pageSize: 1000 } });
  if (!marketplaces.data || !categories.data || (suppliers.isPending && !suppliers.isError)) return {};
  const lang = i18n.i18nProvider.getLocale();
  const text = (d: readonly { languageCode: string; description: string }[]) => d.find((x) => x.languageCode.toLowerCase() === lang)?.description ?? d[0]?.description ?? '';
  return {
    data: {
      MarketPlaces: marketplaces.data.map((m) => ({ id: m.id, label: m.name ?? '' })),
      Suppliers: (suppliers.data ?? []).map((s) => ({ id: s.id, label: s.name ?? '' })),
      Categories: categories.data.items.map((c) => ({ id: c.id, label: text(c.descriptions) })),
    },
  };
}

/**
 * A user's catalogue rules (core §3), edited by their company's admin on /users/{id}: include and
 * exclude lists of marketplaces, suppliers and categories (picked from the shop's lists) and of
 * families (free names). GET/PUT /customer-user-management/catalog-rules/{userId}.
 */
export function CatalogRulesPanel({ userId }: { userId: string }) {
  const translate = useTranslate();
  const { i18n } = useCoreServices();
  const { toast } = useAppNotify();
  const rules = useCatalogRulesForCustomerUser({ params: { userId } });
  const saveRules = useCatalogRulesSetForCustomerUser({
    failure: { op: 'update' },
    onSuccess: ({ result }) => {
      setValue(result);
      toast(translate('users.rulesSaved'), { variation: 'success' });
    },
  });
  const options = useRuleOptions();
  const [value, setValue] = useState<Rules | null>(null);
  useEffect(() => { if (rules.data) setValue(rules.data.result); }, [rules.data]);
  const error = saveRules.errorText;

  return (
    <Paper sx={{ p: 2, mt: 2, display: 'grid', gap: 2 }} component="section" aria-labelledby="catalog-rules-title">
      <Typography variant="h6" component="h2" id="catalog-rules-title">{translate('users.catalogRules')}</Typography>
      <Typography variant="body2">{translate('users.catalogRulesIntro')}</Typography>
      {(error || rules.error) && <Alert severity="error" role="alert">{error ?? describeError(rules.error, { resource: 'catalog-rules', op: 'get' }, i18n.i18nProvider)}</Alert>}
      {value && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          {KINDS.flatMap(({ kind, text }) => (['include', 'exclude'] as const).map((side) => {
            const key = `${side}${kind}` as keyof Rules;
            const label = `${translate(`users.${side}`)}: ${translate(text)}`;
            if (kind === 'Families') {
              return (
                <Autocomplete key={key} multiple freeSolo options={[] as string[]} value={value[key]}
                  onChange={(_, v) => setValue({ ...value, [key]: v.map(String).map((s) => s.trim()).filter(Boolean) })}
                  renderValue={(v, getItemProps) => v.map((item, index) => <Chip size="small" label={item} {...getItemProps({ index })} key={item} />)}
                  renderInput={(params) => <TextField {...params} label={label} />} />
              );
            }
            const list = options.data?.[kind] ?? [];
            const byId = new Map(list.map((o) => [o.id, o]));
            return (
              <Autocomplete key={key} multiple options={list} getOptionLabel={(o) => o.label} isOptionEqualToValue={(a, b) => a.id === b.id}
                value={value[key].map((id) => byId.get(id) ?? { id, label: id })}
                onChange={(_, v) => setValue({ ...value, [key]: v.map((o) => o.id) })}
                renderInput={(params) => <TextField {...params} label={label} />} />
            );
          }))}
        </Box>
      )}
      <Box><Button variant="contained" onClick={() => value && saveRules.mutate({ params: { userId }, body: value })} disabled={saveRules.isPending || !value}>{translate('users.saveRules')}</Button></Box>
    </Paper>
  );
}

import { Alert, Box, Button, Typography } from '@mui/material';
import { useEditContext, useTranslate } from 'ra-core';
import { BooleanInput, Create, Edit, SaveButton, SelectInput, SimpleForm, TextInput, Toolbar } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { COUNTRY_LABELS } from '../../../../model/catalogue/texts';
import { supplierCreateSchema, supplierUpdateSchema } from '../../../../generated/schemas/suppliers.gen';
import { DateInput, FormSection, MoneyInput, zodFormResolver } from '../../generated-support';

const G = 'resources.suppliers.groups';
const countries = Object.keys(COUNTRY_LABELS).map((id) => ({ id, name: `resources.suppliers.choices.address.countryCode.${id}` }));
/** After a save, the supplier's page (react-admin prefixes the area's basename). */
const toSupplierPage = (_resource?: string, id?: unknown) => `suppliers/${encodeURIComponent(String(id))}`;

/**
 * The supplier's fields in the model's groups (model/resources/suppliers.ts screens.groups), with the
 * model's inputs per kind: the generated admin form's, in sections rather than routed tabs, so the
 * form lives at the spec's own paths (/supplier/create, /supplier/edit/{id}) and reads on a phone
 * from top to bottom. The form's schema is the server's (the supplier rules included).
 */
function SupplierFields() {
  return (
    <Box sx={{ display: 'grid', gap: 2, width: '100%', '& .MuiFormControl-root': { maxWidth: 560 } }}>
      <FormSection label={`${G}.general`}>
        <TextInput source="name" isRequired fullWidth />
        <TextInput source="vatNumber" fullWidth />
        <TextInput source="clientNumber" fullWidth />
        <TextInput source="defaultCatalogue" fullWidth />
        <TextInput source="description" multiline minRows={3} fullWidth />
        <BooleanInput source="active" defaultValue={true} />
      </FormSection>
      <FormSection label={`${G}.contact`}>
        <TextInput source="email" type="email" fullWidth />
        <TextInput source="contactEmail" type="email" fullWidth />
        <TextInput source="orderEmail" type="email" fullWidth />
        <TextInput source="phone" type="tel" fullWidth />
        <TextInput source="website" type="url" fullWidth />
        <TextInput source="logoUrl" type="url" fullWidth />
      </FormSection>
      <FormSection label={`${G}.address`}>
        <TextInput source="address.street" fullWidth />
        <TextInput source="address.houseNumber" fullWidth />
        <TextInput source="address.bus" fullWidth />
        <TextInput source="address.zipCode" fullWidth />
        <TextInput source="address.city" fullWidth />
        <SelectInput source="address.countryCode" defaultValue="BE" choices={countries} fullWidth />
      </FormSection>
      <FormSection label={`${G}.delivery`}>
        <TextInput source="deliveryTimes" fullWidth />
        <MoneyInput source="shippingCost" />
        <MoneyInput source="freeShippingFrom" />
        <MoneyInput source="minimumOrderPrice" />
        <TextInput source="returnInformation" multiline minRows={3} fullWidth />
      </FormSection>
      <FormSection label={`${G}.finance`}>
        <DateInput source="budgetSetting.startDate" />
        <DateInput source="budgetSetting.endDate" />
        <MoneyInput source="budgetSetting.totalBudget" />
      </FormSection>
    </Box>
  );
}

function FormToolbar({ back }: { back: string }) {
  const translate = useTranslate();
  return (
    <Toolbar sx={{ gap: 1 }}>
      <SaveButton />
      <Button component={RouterLink} to={back}>{translate('suppliers.form.cancel')}</Button>
    </Toolbar>
  );
}

/** /supplier/create (core §2, page guard supplier-create: suppliers CREATE, super admins exempt): a new own supplier of the company (POST /v2/suppliers). */
export function SupplierCreatePage() {
  const translate = useTranslate();
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1100 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>{translate('suppliers.form.createTitle')}</Typography>
      <Create resource="suppliers" redirect={toSupplierPage} title={translate('suppliers.form.createTitle')}>
        <SimpleForm resolver={zodFormResolver(supplierCreateSchema)} noValidate toolbar={<FormToolbar back="/suppliers" />}>
          <SupplierFields />
        </SimpleForm>
      </Create>
    </Box>
  );
}

/**
 * /supplier/edit/{id} (core §2, page guard supplier-edit-id: suppliers WRITE, super admins exempt):
 * changes an own supplier (PUT /v2/suppliers/{id}); the server refuses a platform supplier (ReadOnlyRecord).
 */
export function SupplierEditPage() {
  const { id = '' } = useParams();
  const translate = useTranslate();
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1100 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>{translate('suppliers.form.editTitle')}</Typography>
      {/* A supplier that cannot be read stays at its address and says why, instead of react-admin's redirect to the list. */}
      <Edit resource="suppliers" id={id} mutationMode="pessimistic" redirect={toSupplierPage} title={translate('suppliers.form.editTitle')} queryOptions={{ onError: () => undefined }}>
        <SupplierEditForm id={id} />
      </Edit>
    </Box>
  );
}

function SupplierEditForm({ id }: { id: string }) {
  const translate = useTranslate();
  const { error } = useEditContext();
  // The data provider made the message: ErrorMessage.{errorCode} or the general failure text.
  if (error) return <Alert severity="error" sx={{ m: 2 }}>{error.message || translate('suppliers.detail.loadFailed')}</Alert>;
  return (
    <SimpleForm resolver={zodFormResolver(supplierUpdateSchema)} noValidate toolbar={<FormToolbar back={`/suppliers/${encodeURIComponent(id)}`} />}>
      <SupplierFields />
    </SimpleForm>
  );
}

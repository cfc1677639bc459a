import { Alert, Box, Button, Typography } from '@mui/material';
import { useEditContext, useTranslate } from 'ra-core';
import { Create, Edit, SaveButton, SimpleForm, Toolbar } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router';
import { SupplierCreateInputs, SupplierEditInputs } from '../../../../generated/admin/suppliers/Inputs.gen';
import { supplierCreateSchema, supplierUpdateSchema } from '../../../../generated/schemas/suppliers.gen';
import { zodFormResolver } from '../../generated-support';

/** After a save, the supplier's page (react-admin prefixes the area's basename). */
const toSupplierPage = (_resource?: string, id?: unknown) => `suppliers/${encodeURIComponent(String(id))}`;

/**
 * The supplier's inputs as the model groups them (generated/admin/suppliers/Inputs.gen.tsx), in
 * sections rather than the admin screens' routed tabs, so the form lives at the spec's own paths
 * (/supplier/create, /supplier/edit/{id}) and reads on a phone from top to bottom. The form's schema
 * is the server's (the supplier rules included).
 */
const fieldsSx = { width: '100%', '& .MuiFormControl-root': { width: '100%', maxWidth: 560 } } as const;

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
        <SimpleForm resolver={zodFormResolver(supplierCreateSchema)} noValidate toolbar={<FormToolbar back="/suppliers" />} sx={fieldsSx}>
          <SupplierCreateInputs />
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
    <SimpleForm resolver={zodFormResolver(supplierUpdateSchema)} noValidate toolbar={<FormToolbar back={`/suppliers/${encodeURIComponent(id)}`} />} sx={fieldsSx}>
      <SupplierEditInputs />
    </SimpleForm>
  );
}

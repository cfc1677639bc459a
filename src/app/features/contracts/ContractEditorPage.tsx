import { useState } from 'react';
import { Alert, Box, CircularProgress, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useNavigate, useParams } from 'react-router';
import { useCoreServices } from '../../bootstrap/context';
import { describeError } from '../../data/errors';
import { useContractsById, useContractsCreate, useContractsUpdate } from '../../../../generated/app/calls.gen';
import { useContractChoices, useContractLayout } from './contract-api';
import { toBody, toFormValues } from './contract-fields';
import { ContractForm } from './ContractForm';

/**
 * /contracts/create and /contracts/{id}/edit (core §2; POST /contracts, PUT /contracts/{id}): the
 * contract form drawn from the company's layout. The server refuses what the rules refuse; its
 * message shows above the form and nothing is saved.
 */
function ContractEditor({ id }: { id?: string }) {
  const translate = useTranslate();
  const { i18n } = useCoreServices();
  const navigate = useNavigate();
  const layout = useContractLayout();
  const choices = useContractChoices();
  const contract = useContractsById({ params: { id: id ?? '' }, query: {} }, { enabled: !!id });
  const create = useContractsCreate();
  const update = useContractsUpdate();
  const [problem, setProblem] = useState<string | null>(null);
  const title = translate(id ? 'contracts.editTitle' : 'contracts.createTitle');
  if (layout.error || contract.error) return <Alert severity="error">{translate('contracts.loadFailed')}</Alert>;
  if (!layout.data || !choices.data || (id && !contract.data)) return <CircularProgress aria-label={title} sx={{ m: 2 }} />;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>{title}</Typography>
      <ContractForm
        layout={layout.data}
        defaults={toFormValues(contract.data, layout.data)}
        choices={choices.data}
        problem={problem}
        onSubmit={async (values) => {
          setProblem(null);
          const body = toBody(values, layout.data!);
          try {
            const saved = id ? await update.mutateAsync({ params: { id }, query: {}, body }) : await create.mutateAsync({ query: {}, body });
            navigate(`/contracts/${saved.id}`);
          } catch (err) {
            setProblem(describeError(err, { resource: 'contracts', op: id ? 'update' : 'create' }, i18n.i18nProvider));
          }
        }}
      />
    </Box>
  );
}

export function ContractCreatePage() {
  return <ContractEditor />;
}

export function ContractEditPage() {
  const { id } = useParams();
  return <ContractEditor key={id} id={id} />;
}

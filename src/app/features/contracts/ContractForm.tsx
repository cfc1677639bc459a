import { useMemo, type ReactNode } from 'react';
import { Alert, Box } from '@mui/material';
import {
  ArrayInput, NumberInput, ResourceContextProvider, SaveButton, SelectArrayInput, SelectInput, SimpleForm, SimpleFormIterator, TextInput, Toolbar, useTranslate,
} from 'react-admin';
import { CONTRACT_CHOSEN_STATUSES } from '../../../../model/resources/contracts';
import { CONTRACT_FIELD_GROUPS, type ContractFieldLayout } from '../../../../model/dsl/workflow';
import { FIELD_KINDS, type Structural, type Widget } from '../../../shared/field-kinds';
import { PDF_OR_EXCEL_TYPES } from '../../../shared/contract-rules';
import { useCoreServices } from '../../bootstrap/context';
import { describeError } from '../../data/errors';
import {
  AttachmentsUploadInput, DateInput, FormSection, MoneyInput, TextArrayInput, zodFormResolver,
} from '../../generated-support';
import { uploadContractFile, type Choice } from './contract-api';
import { contractFormSchema, keyOf, layoutFieldDef, type ContractFormValues } from './contract-fields';

const R = 'resources.contracts.fields';
const G = 'contracts.groups';

export interface ContractChoices { suppliers: Choice[]; departments: Choice[]; categories: Choice[]; users: Choice[] }

/**
 * One layout field's input, chosen by its model kind (src/shared/field-kinds.ts `admin.input`), as the
 * generated screens choose theirs: text and textarea a TextInput, number a NumberInput, date the
 * date picker, enum a SelectInput of its values, a reference a SelectInput of the company's rows,
 * a list of attachments the uploading attachments input, a list of items an ArrayInput.
 */
function LayoutInput({ f, index, choices }: { f: ContractFieldLayout; index: number; choices: ContractChoices }) {
  const { http, i18n } = useCoreServices();
  const def = layoutFieldDef(f);
  const source = keyOf(index);
  const common = { source, label: f.name, isRequired: f.required, fullWidth: true };
  const widget = FIELD_KINDS[def.kind].admin.input as Widget | Structural;
  if (f.type === 'extension') return <ExtensionsInput label={f.name} />;
  if (f.type === 'cancellationDate') return <DateInput source="latestCancellationDate" label={f.name} isRequired={f.required} />;
  if (f.type === 'users') return <SelectArrayInput {...common} choices={choices.users} />;
  if (f.type === 'attachments') {
    return <AttachmentsUploadInput {...common} upload={(file) => uploadContractFile(http, file)} describe={(e) => describeError(e, { fallback: 'contracts.uploadFailed' }, i18n.i18nProvider)} />;
  }
  if (f.type === 'budgets') {
    return (
      <ArrayInput source={source} label={f.name} isRequired={f.required}>
        <SimpleFormIterator inline disableReordering>
          <TextInput source="description" label={`${R}.description`} isRequired />
          <MoneyInput source="amount" label="contracts.amount" isRequired />
        </SimpleFormIterator>
      </ArrayInput>
    );
  }
  if ('structural' in widget) {
    if (widget.structural === 'choices') return <SelectInput {...common} choices={(f.options ?? []).map((o) => ({ id: o, name: o }))} translateChoice={false} />;
    return <SelectInput {...common} choices={choices.departments} translateChoice={false} />;
  }
  switch (widget.component) {
    case 'NumberInput': return <NumberInput {...common} />;
    case 'DateInput': return <DateInput source={source} label={f.name} isRequired={f.required} />;
    default: return <TextInput {...common} multiline={def.kind === 'textarea'} minRows={def.kind === 'textarea' ? 3 : undefined} />;
  }
}

function ExtensionsInput({ label }: { label: string }) {
  return (
    <ArrayInput source="contractExtensions" label={label}>
      <SimpleFormIterator disableReordering>
        <DateInput source="endDate" label={`${R}.endDate`} />
        <MoneyInput source="budgetEstimation" label="contracts.budgetEstimation" />
        <DateInput source="latestCancellationDate" label={`${R}.latestCancellationDate`} />
      </SimpleFormIterator>
    </ArrayInput>
  );
}

/**
 * The create and edit form of a contract, drawn from the company's layout: the fixed fields of flows
 * §3 in General, then each layout field in its group, the extra uploads (PDF or Excel) last. Every
 * rule shows at its field before sending (the server's own rules, src/shared/contract-rules.ts); a
 * refusal of the server shows above the form.
 */
export function ContractForm({ layout, defaults, choices, onSubmit, problem }: {
  layout: ContractFieldLayout[];
  defaults: ContractFormValues;
  choices: ContractChoices;
  onSubmit: (values: ContractFormValues) => Promise<void>;
  problem: string | null;
}) {
  const translate = useTranslate();
  const { http, i18n } = useCoreServices();
  const resolver = useMemo(() => zodFormResolver(contractFormSchema(layout) as never), [layout]);
  const statusChoices = CONTRACT_CHOSEN_STATUSES.map((s) => ({ id: s, name: `resources.contracts.choices.status.${s}` }));
  const inGroup = (group: string): ReactNode[] =>
    layout.map((f, i) => (f.group === group ? <LayoutInput key={`${i}-${f.name}`} f={f} index={i} choices={choices} /> : null)).filter(Boolean);
  // The iterators of lists (extensions, budget items) read the resource of the form they are in.
  return (
    <ResourceContextProvider value="contracts">
    <SimpleForm
      defaultValues={defaults}
      resolver={resolver}
      noValidate
      onSubmit={(values: Record<string, unknown>) => onSubmit(values as ContractFormValues)}
      toolbar={<Toolbar><SaveButton alwaysEnable /></Toolbar>}
      sx={{ maxWidth: 900 }}
    >
      {problem ? <Alert severity="error" role="alert" sx={{ mb: 2, width: '100%' }}>{problem}</Alert> : null}
      {CONTRACT_FIELD_GROUPS.map((group) => (
        <Box key={group} sx={{ width: '100%', mb: 2 }}>
          <FormSection label={`${G}.${group}`}>
            {group === 'General' ? (
              <>
                <TextInput source="title" label={`${R}.title`} isRequired fullWidth />
                <TextInput source="contractNumber" label={`${R}.contractNumber`} fullWidth />
                <SelectInput source="status" label={`${R}.status`} choices={statusChoices} fullWidth />
                <SelectInput source="supplierId" label={`${R}.supplierId`} choices={choices.suppliers} translateChoice={false} fullWidth emptyText="contracts.none" />
                <SelectInput source="categoryId" label={`${R}.categoryId`} choices={choices.categories} translateChoice={false} fullWidth emptyText="contracts.none" />
                <SelectInput source="ownerId" label={`${R}.ownerId`} choices={choices.users} translateChoice={false} fullWidth emptyText="contracts.none" />
                <SelectInput source="departmentId" label={`${R}.departmentId`} choices={choices.departments} translateChoice={false} fullWidth emptyText="contracts.none" />
                <DateInput source="startDate" label={`${R}.startDate`} />
                <DateInput source="endDate" label={`${R}.endDate`} />
                <TextInput source="description" label={`${R}.description`} multiline minRows={3} fullWidth />
                <TextArrayInput source="notificationEmails" label={`${R}.notificationEmails`} helperText="contracts.notificationHelp" fullWidth />
              </>
            ) : null}
            {inGroup(group)}
            {group === 'Extra' ? (
              <AttachmentsUploadInput
                source="extraFiles"
                label={translate('contracts.extraFiles')}
                accept={PDF_OR_EXCEL_TYPES.join(',')}
                upload={(file) => uploadContractFile(http, file)}
                describe={(e) => describeError(e, { fallback: 'contracts.uploadFailed' }, i18n.i18nProvider)}
              />
            ) : null}
          </FormSection>
        </Box>
      ))}
    </SimpleForm>
    </ResourceContextProvider>
  );
}

import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FieldTitle, InputHelperText, useFieldValue, useInput, useTranslate, type FieldProps, type InputProps } from 'react-admin';
import type { StoredFile } from '../../shared/field-kinds';

/** The stored shape of an attachment (model/dsl/field.ts 'attachment'): the kind's wire value (src/shared/field-kinds.ts). */
export type AttachmentValue = StoredFile;

const sizeText = (size: number) => (size >= 1024 * 1024 ? `${(size / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(size / 1024)} kB`);

/**
 * Picks a file and keeps its name, type and size. It does not upload: containerName and blobName stay
 * empty until an upload endpoint fills them, so the form's schema refuses the value rather than
 * saving a reference to a file the server never received.
 */
export const AttachmentInput = (props: InputProps) => {
  const translate = useTranslate();
  const { id, field, fieldState, isRequired } = useInput(props);
  const value = field.value as AttachmentValue | null | undefined;
  return (
    <Stack spacing={0.5} sx={{ my: 1 }}>
      <Typography component="label" htmlFor={id} variant="caption">
        <FieldTitle label={props.label} source={props.source} resource={props.resource} isRequired={isRequired} />
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Button component="label" variant="outlined" size="small">
          {translate('generatedSupport.attachment.choose', { _: 'Choose a file' })}
          <input
            id={id}
            hidden
            type="file"
            onChange={(event) => {
              const file = event.target.files?.[0];
              field.onChange(file ? { containerName: '', blobName: '', fileName: file.name, contentType: file.type, size: file.size } : null);
            }}
          />
        </Button>
        <Typography variant="body2">
          {value?.fileName ? `${value.fileName} (${sizeText(value.size)})` : translate('generatedSupport.attachment.none', { _: 'No file' })}
        </Typography>
      </Stack>
      <InputHelperText error={fieldState.error?.message} helperText={props.helperText} />
    </Stack>
  );
};

/** The file name (and size) of an attachment. */
export const AttachmentField = (props: FieldProps) => {
  const value = useFieldValue(props) as AttachmentValue | null | undefined;
  return (
    <Typography component="span" variant="body2">
      {value?.fileName ? `${value.fileName} (${sizeText(value.size)})` : ''}
    </Typography>
  );
};

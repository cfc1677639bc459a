import { useState } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/Delete';
import { FieldTitle, InputHelperText, useInput, useTranslate, type InputProps } from 'react-admin';
import type { AttachmentValue } from './Attachment';

const sizeText = (size: number) => (size >= 1024 * 1024 ? `${(size / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(size / 1024)} kB`);

/**
 * A list of the `attachment` kind that uploads as files are chosen: each file goes to `upload` (a
 * container's POST /upload, which checks its type and size while it streams in) and the form keeps
 * what the server answered, so the record names only files the server has. A refused upload shows
 * its error code's message through `describe`.
 */
export const AttachmentsUploadInput = (props: InputProps & {
  upload: (file: File) => Promise<AttachmentValue>;
  describe: (error: unknown) => string;
  accept?: string;
}) => {
  const translate = useTranslate();
  const { id, field, fieldState, isRequired } = useInput({ ...props, defaultValue: props.defaultValue ?? [] });
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const files = (Array.isArray(field.value) ? field.value : []) as AttachmentValue[];
  return (
    <Stack spacing={0.5} sx={{ my: 1 }}>
      <Typography component="label" htmlFor={id} variant="caption">
        <FieldTitle label={props.label} source={props.source} resource={props.resource} isRequired={isRequired} />
      </Typography>
      {files.map((f, i) => (
        <Stack key={f.blobName || i} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>{`${f.fileName} (${sizeText(f.size)})`}</Typography>
          <IconButton size="small" aria-label={translate('generatedSupport.attachment.remove', { _: 'Remove', name: f.fileName })}
            onClick={() => field.onChange(files.filter((_, k) => k !== i))}>
            <DeleteOutline fontSize="small" />
          </IconButton>
        </Stack>
      ))}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Button component="label" variant="outlined" size="small" disabled={busy}>
          {translate('generatedSupport.attachment.choose', { _: 'Choose a file' })}
          <input
            id={id}
            hidden
            type="file"
            multiple
            accept={props.accept}
            onChange={async (event) => {
              const chosen = [...(event.target.files ?? [])];
              event.target.value = '';
              if (!chosen.length) return;
              setBusy(true); setProblem(null);
              const added: AttachmentValue[] = [];
              try {
                for (const file of chosen) added.push(await props.upload(file));
              } catch (err) {
                setProblem(props.describe(err));
              } finally {
                setBusy(false);
                if (added.length) field.onChange([...files, ...added]);
              }
            }}
          />
        </Button>
        {!files.length ? <Typography variant="body2">{translate('generatedSupport.attachment.none', { _: 'No file' })}</Typography> : null}
      </Stack>
      {problem ? <Typography role="alert" variant="caption" color="error">{problem}</Typography> : null}
      <InputHelperText error={fieldState.error?.message} helperText={props.helperText} />
    </Stack>
  );
};

import { Box, Checkbox, FormControl, FormControlLabel, FormGroup, FormHelperText, FormLabel, MenuItem, TextField, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { CustomerDepartmentRecord } from '../../../../generated/types/customer-departments.gen';
import { LANDING_PAGE_KEYS, ROLE_KEYS, type LandingPageKey, type RoleKey } from './user-api';

/** The roles, departments and landing page of a user: the invitation's and the user page's same fields. */
export function AccessFields(props: {
  roles: RoleKey[]; onRoles: (roles: RoleKey[]) => void; rolesError: boolean;
  departmentIds: string[]; onDepartments: (ids: string[]) => void; departments: CustomerDepartmentRecord[] | undefined;
  landingPage: LandingPageKey; onLandingPage: (page: LandingPageKey) => void;
}) {
  const translate = useTranslate();
  const toggle = <T extends string>(list: T[], value: T, on: boolean) => (on ? [...new Set([...list, value])] : list.filter((v) => v !== value));
  return (
    <>
      <FormControl component="fieldset" error={props.rolesError} required>
        <FormLabel component="legend">{translate('users.roles')}</FormLabel>
        <FormGroup sx={{ display: 'flex', flexDirection: 'row', flexWrap: 'wrap' }}>
          {ROLE_KEYS.map((r) => (
            <FormControlLabel key={r} label={translate(`users.role.${r}`)}
              control={<Checkbox checked={props.roles.includes(r)} onChange={(e) => props.onRoles(toggle(props.roles, r, e.target.checked))} />} />
          ))}
        </FormGroup>
        <FormHelperText>{translate('users.rolesHelp')}</FormHelperText>
      </FormControl>
      <FormControl component="fieldset">
        <FormLabel component="legend">{translate('users.departments')}</FormLabel>
        {props.departments?.length === 0 && <Typography variant="body2">{translate('users.noDepartments')}</Typography>}
        <FormGroup sx={{ display: 'flex', flexDirection: 'row', flexWrap: 'wrap' }}>
          {(props.departments ?? []).map((d) => (
            <FormControlLabel key={d.id} label={d.name}
              control={<Checkbox checked={props.departmentIds.includes(d.id)} onChange={(e) => props.onDepartments(toggle(props.departmentIds, d.id, e.target.checked))} />} />
          ))}
        </FormGroup>
        <FormHelperText>{translate('users.departmentsHelp')}</FormHelperText>
      </FormControl>
      <Box>
        <TextField select fullWidth label={translate('resources.users.fields.landingPage')} value={props.landingPage} onChange={(e) => props.onLandingPage(e.target.value as LandingPageKey)}>
          {LANDING_PAGE_KEYS.map((p) => <MenuItem key={p} value={p}>{translate(`resources.users.choices.landingPage.${p}`)}</MenuItem>)}
        </TextField>
      </Box>
    </>
  );
}

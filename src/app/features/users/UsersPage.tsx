import { customerAccessesCustomerUsers, customerAccessesInviteUser } from '../../../../generated/app/calls/customer-accesses.gen';
import { Alert, Box, Button, Chip, Link, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Link as RouterLink } from 'react-router';
import { PAGES } from '../../../../generated/app/pages.gen';
import { canCall } from '../../../shared/access';
import { subjectOf } from '../../access/can-access';
import { useCoreServices, useSession } from '../../bootstrap/context';
import { describeError } from '../../data/errors';
import { usePagedCall } from '../../data/paged-call';
import { ListPager } from '../../generated-support/ListPager';
import { hiddenBelow, shownBelow } from '../../common/ui/phone';

const phoneHidden = hiddenBelow();
const phoneShown = shownBelow();


/** As many as the page showed before it had pages. */
const PAGE_SIZE = 100;

/**
 * /users: the acting company's users (core §2; flows §7 POST /customer-user-management/query), searched
 * on name and e-mail, each with their roles and whether their access is active. A customer admin
 * invites colleagues (/users/create) and opens a user's page; the departments have a page of their own.
 * The one paged list (data/paged-call.ts): the search and the page are in the URL.
 */
export function UsersPage() {
  const translate = useTranslate();
  const { i18n } = useCoreServices();
  const session = useSession();
  const list = usePagedCall(customerAccessesCustomerUsers, {
    name: 'users', perPage: PAGE_SIZE,
    input: ({ page, perPage, text }) => ({
      body: { query: { skip: (page - 1) * perPage, take: perPage, search: text('search') } },
    }),
    rows: (answer) => answer.result,
    enabled: !!session.activeCustomerId,
  });
  const search = typeof list.filterValues.search === 'string' ? list.filterValues.search : '';
  const { rows, total, error, isPending } = list;
  const data = rows && { items: rows, total: total ?? 0 };
  const invites = canCall(customerAccessesInviteUser.access, subjectOf(session));
  return (
    <Box sx={{ p: 2 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>{translate('users.title')}</Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>{translate('users.intro')}</Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        <TextField size="small" type="search" label={translate('users.search')} value={search} sx={{ flex: '1 1 240px', maxWidth: 360 }}
          onChange={(e) => list.setFilters({ search: e.target.value })} />
        {invites && <Button variant="contained" component={RouterLink} to={PAGES['users-create']!.path}>{translate('users.invite')}</Button>}
        <Button component={RouterLink} to={PAGES.departments!.path}>{translate('users.departmentsLink')}</Button>
      </Box>
      {error && <Alert severity="error">{describeError(error, { resource: 'customer-accesses', op: 'list' }, i18n.i18nProvider)}</Alert>}
      {!isPending && !error && data?.items.length === 0 && <Typography>{translate('users.empty')}</Typography>}
      {data && data.items.length > 0 && (
        <>
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={translate('users.title')}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('users.name')}</TableCell>
                  <TableCell sx={phoneHidden}>{translate('users.email')}</TableCell>
                  <TableCell sx={phoneHidden}>{translate('users.roles')}</TableCell>
                  <TableCell>{translate('users.status')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.items.map((u) => (
                  <TableRow key={u.id}>
                    <TableCell>
                      <Link component={RouterLink} to={PAGES['users-id']!.path.replace(':id', u.id)}>{u.displayname || u.email}</Link>
                      {/* On a phone the e-mail goes under the name, whole words where they fit. */}
                      <Typography variant="caption" color="text.secondary" sx={[{ overflowWrap: 'break-word' }, phoneShown]}>{u.email}</Typography>
                    </TableCell>
                    <TableCell sx={[{ overflowWrap: 'break-word' }, phoneHidden]}>{u.email}</TableCell>
                    <TableCell sx={phoneHidden}>
                      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                        {u.roles.map((r) => <Chip key={r} size="small" label={translate(`users.role.${r}`, { _: r })} />)}
                      </Box>
                    </TableCell>
                    <TableCell>{translate(u.active ? 'users.active' : 'users.inactive')}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
          <ListPager list={list} />
        </>
      )}
    </Box>
  );
}

import { useState } from 'react';
import { Alert, Box, Button, Link, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Link as RouterLink } from 'react-router';
import { ADMIN_PREFIX } from '../../../../../model/catalogue/pages-admin';
import { useCoreServices, useSession } from '../../../bootstrap/context';
import { describeError } from '../../../data/errors';
import { usersQuery } from '../../../../../generated/app/calls/users.gen';
import { usePagedCall } from '../../../data/paged-call';
import { ListPager } from '../../../generated-support/ListPager';
import type { UserQueryItem } from '../../../session/impersonation';
import { useImpersonate, userKindKey } from './admin-user-api';
import { hiddenBelow, shownBelow } from '../../../common/ui/phone';

const phoneHidden = hiddenBelow();
const phoneShown = shownBelow();


/** As many as the page showed before it had pages. */
const PAGE_SIZE = 100;

/**
 * /ycAdmin/users and /ycAdmin/administrators: the tenant's users (POST /usermanagement/query), the
 * one list without the administrators, the other only them; each row opens the user's details, and
 * a super admin acts as an active user from the row (core §4 Impersonation). The one paged list
 * (data/paged-call.ts): the search and the page are in the URL.
 */
function UserList({ administrators }: { administrators: boolean }) {
  const translate = useTranslate();
  const { i18n } = useCoreServices();
  const session = useSession();
  const impersonate = useImpersonate();
  const [problem, setProblem] = useState<string | null>(null);
  // A search is a read: POST /usermanagement/query through the call's query, not a mutation.
  const list = usePagedCall(usersQuery, {
    name: administrators ? 'administrators' : 'admin-users', perPage: PAGE_SIZE,
    input: ({ page, perPage, text }) => ({
      body: { query: { skip: (page - 1) * perPage, take: perPage, search: text('search'), administrators } },
    }),
    rows: (answer) => answer.result,
  });
  const search = typeof list.filterValues.search === 'string' ? list.filterValues.search : '';
  const { rows, total, error } = list;
  const data = rows && { items: rows, total: total ?? 0 };
  const superAdmin = session.user?.userType === 1;
  const title = translate(administrators ? 'users.admin.administrators' : 'users.admin.users');
  async function actAs(u: UserQueryItem) {
    setProblem(null);
    try {
      await impersonate(u.id);
    } catch (err) {
      setProblem(describeError(err, {}, i18n.i18nProvider));
    }
  }
  return (
    <Box sx={{ p: 2 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>{title}</Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>{translate(administrators ? 'users.admin.adminsIntro' : 'users.admin.intro')}</Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        <TextField size="small" type="search" label={translate('users.search')} value={search} sx={{ flex: '1 1 240px', maxWidth: 360 }} onChange={(e) => list.setFilters({ search: e.target.value })} />
        {(!administrators || superAdmin) && (
          <Button variant="contained" component={RouterLink} to={`${ADMIN_PREFIX}/${administrators ? 'administrators' : 'users'}/create`}>
            {translate(administrators ? 'users.admin.createAdmin' : 'users.admin.create')}
          </Button>
        )}
        {superAdmin && (
          <Button component={RouterLink} to={`${ADMIN_PREFIX}/${administrators ? 'users' : 'administrators'}`}>
            {translate(administrators ? 'users.admin.users' : 'users.admin.administrators')}
          </Button>
        )}
      </Box>
      {(error || problem) && <Alert severity="error" role="alert">{problem ?? describeError(error, { resource: 'users', op: 'list' }, i18n.i18nProvider)}</Alert>}
      {data?.items.length === 0 && <Typography>{translate('users.empty')}</Typography>}
      {!!data?.items.length && (
        <>
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={title}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('users.name')}</TableCell>
                  <TableCell sx={phoneHidden}>{translate('users.email')}</TableCell>
                  <TableCell sx={phoneHidden}>{translate('users.admin.type')}</TableCell>
                  <TableCell>{translate('users.status')}</TableCell>
                  {superAdmin && <TableCell>{translate('impersonation.start')}</TableCell>}
                </TableRow>
              </TableHead>
              <TableBody>
                {data.items.map((u) => {
                  const name = u.displayname || u.email;
                  return (
                    <TableRow key={u.id}>
                      <TableCell>
                        <Link component={RouterLink} to={`${ADMIN_PREFIX}/user-details/${u.id}`}>{name}</Link>
                        {/* On a phone the e-mail and the kind of user go under the name, whole words where they fit. */}
                        <Typography variant="caption" color="text.secondary" sx={[{ overflowWrap: 'break-word' }, phoneShown]}>{u.email} · {translate(userKindKey(u.kind))}</Typography>
                      </TableCell>
                      <TableCell sx={[{ overflowWrap: 'break-word' }, phoneHidden]}>{u.email}</TableCell>
                      <TableCell sx={phoneHidden}>{translate(userKindKey(u.kind))}</TableCell>
                      <TableCell>{translate(u.active ? 'users.active' : 'users.inactive')}</TableCell>
                      {superAdmin && (
                        <TableCell>
                          {u.active && u.id !== session.user?.id && u.userType !== 1 && (
                            <Button size="small" onClick={() => void actAs(u)}>{translate('users.admin.impersonate', { name })}</Button>
                          )}
                        </TableCell>
                      )}
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </Box>
          <ListPager list={list} />
        </>
      )}
    </Box>
  );
}

export function AdminUsersPage() {
  return <UserList administrators={false} />;
}

export function AdministratorsPage() {
  return <UserList administrators />;
}

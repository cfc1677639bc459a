import { TablePagination } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { PagedList } from '../data/paged-call';

/**
 * The pager under a hand-written paged list (data/paged-call.ts): the rows shown of the total and
 * the buttons to the other pages, in the user's language.
 */
export function ListPager({ list }: { list: Pick<PagedList<unknown>, 'total' | 'page' | 'perPage' | 'setPage'> }) {
  const translate = useTranslate();
  return (
    <TablePagination component="div" count={list.total ?? 0} page={list.page - 1} rowsPerPage={list.perPage} rowsPerPageOptions={[list.perPage]}
      onPageChange={(_, p) => list.setPage(p + 1)}
      labelDisplayedRows={({ from, to, count }) => translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count })}
      getItemAriaLabel={(type) => translate(`app.list.pageLabel.${type}`)} />
  );
}

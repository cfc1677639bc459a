/**
 * The header must fit a 390 px phone and a tablet (issue 12 §5): below the spec's md width (768 px)
 * its text buttons (company, the user's name) show their icon alone, below sm (640 px) the language
 * button its code alone and the tenant's name is left out when there is no logo; texts never wrap
 * to a second line. The buttons keep their accessible names (aria-label).
 */
export const HEADER_TEXT = 'header-button-text';

/** sx of a header button whose text sits in a span of class HEADER_TEXT. */
export const iconOnlyOnPhone = {
  minWidth: { xs: 0, md: 64 },
  whiteSpace: 'nowrap',
  '& .MuiButton-startIcon': { mr: { xs: 0, md: 1 }, ml: { xs: 0, md: -0.5 } },
  [`& .${HEADER_TEXT}`]: { display: { xs: 'none', md: 'inline' } },
} as const;

/** sx of the language button: its code stays, its icon goes below sm. */
export const languageButtonSx = {
  minWidth: { xs: 0, sm: 64 },
  whiteSpace: 'nowrap',
  '& .MuiButton-startIcon': { display: { xs: 'none', sm: 'inherit' } },
} as const;

/** sx of the tenant's name beside the menu button: hidden below sm when there is no logo to show instead. */
export const tenantNameSx = { display: { xs: 'none', sm: 'block' }, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', maxWidth: 280 } as const;

/**
 * Texts of the platform admin's baskets (/ycAdmin/transporters: AdminBaskets.tsx), in Dutch; the
 * field and filter labels are the model's (resources.transporters). English and French:
 * messages.en.ts, messages.fr.ts, typed by this tree; they travel with the admin tier (../../../i18n/packs/*-admin.ts).
 */
export const nl = {
  basketAdmin: {
    title: 'Winkelmandje van {{name}}',
    byDate: 'Op wijzigingsdatum',
    linesCount: 'Aantal lijnen',
    empty: 'Dit winkelmandje is leeg.',
  },
};

export type BasketAdminMessages = typeof nl;

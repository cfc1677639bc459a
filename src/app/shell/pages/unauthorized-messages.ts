/**
 * Why /unauthorized refuses a page (shell/pages/UnauthorizedPage.tsx, told by the page guard), in
 * Dutch. The page renders in a react-admin area: the admin tier (packs/*-admin.ts). English and
 * French: unauthorized-messages.en.ts and .fr.ts, typed by this Dutch tree.
 */
export const nl = {
  unauthorizedWhy: {
    page: 'Je kan de pagina "{{page}}" niet openen.',
    feature: 'Ze hoort bij de functie "{{feature}}", en die staat voor je bedrijf niet aan. De beheerder van je bedrijf kan vragen om ze aan te zetten.',
    right: 'Je rol laat je niet toe om {{what}}. De beheerder van je bedrijf kan je die rechten geven.',
    supplierSide: 'Als gebruiker van een leverancier werk je in de leverancierskant van de winkel; deze pagina hoort bij de kant van de klant.',
    actAsCompany: 'Ze toont de gegevens van een bedrijf: als platformbeheerder open je ze door als een gebruiker van dat bedrijf te handelen.',
    platform: 'Deze pagina is voor platformbeheerders.',
    letters: { R: 'dit te bekijken', W: 'dit te wijzigen', C: 'hier iets aan te maken', D: 'dit te verwijderen', X: 'dit uit te voeren' },
  },
};

export type UnauthorizedMessages = typeof nl;

/**
 * Texts of an article's images (ArticleImages.tsx), shown on the product management pages of a
 * company and of the platform admin. They render inside react-admin, so they travel in the admin
 * tier (packs/*-admin.ts). English and French: messages.en.ts and messages.fr.ts, typed by this tree.
 */
export const nl = {
  articleImages: {
    help: 'JPEG, PNG of WebP, hoogstens {{max}} MB. De eerste afbeelding is de hoofdafbeelding: de winkel toont ze bij het artikel en in de zoekresultaten.',
    list: 'Afbeeldingen van het artikel',
    empty: 'Dit artikel heeft nog geen afbeeldingen.',
    add: 'Afbeelding toevoegen',
    uploading: 'Afbeelding wordt opgeladen…',
    pick: 'Kies een afbeelding om toe te voegen',
    image: 'Afbeelding {{n}}',
    alt: '{{title}}, afbeelding {{n}}',
    main: 'Hoofdafbeelding',
    makeMain: 'Hoofdafbeelding maken',
    moveLeft: 'Naar links',
    moveRight: 'Naar rechts',
    remove: 'Verwijderen',
    typeNotAllowed: 'Alleen JPEG-, PNG- of WebP-afbeeldingen kunnen toegevoegd worden.',
    tooLarge: 'Een afbeelding mag hoogstens {{max}} MB groot zijn.',
  },
};

export type ArticleImageMessages = typeof nl;

import type { ArticleImageMessages } from './messages';

export const fr: ArticleImageMessages = {
  articleImages: {
    help: "JPEG, PNG ou WebP, {{max}} Mo au maximum. La première image est l'image principale : la boutique la montre avec l'article et dans les résultats de recherche.",
    list: "Les images de l'article",
    empty: "Cet article n'a pas encore d'images.",
    add: 'Ajouter une image',
    uploading: "Téléversement de l'image…",
    pick: 'Choisissez une image à ajouter',
    image: 'Image {{n}}',
    alt: '{{title}}, image {{n}}',
    main: 'Image principale',
    makeMain: "Définir comme image principale",
    moveLeft: 'Vers la gauche',
    moveRight: 'Vers la droite',
    remove: 'Supprimer',
    typeNotAllowed: 'Seules des images JPEG, PNG ou WebP peuvent être ajoutées.',
    tooLarge: 'Une image peut faire au maximum {{max}} Mo.',
  },
};

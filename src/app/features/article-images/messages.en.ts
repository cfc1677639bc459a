import type { ArticleImageMessages } from './messages';

export const en: ArticleImageMessages = {
  articleImages: {
    help: 'JPEG, PNG or WebP, at most {{max}} MB. The first image is the main one: the shop shows it with the article and in the search results.',
    list: "The article's images",
    empty: 'This article has no images yet.',
    add: 'Add image',
    uploading: 'Uploading the image…',
    pick: 'Choose an image to add',
    image: 'Image {{n}}',
    alt: '{{title}}, image {{n}}',
    main: 'Main image',
    makeMain: 'Make main image',
    moveLeft: 'Move left',
    moveRight: 'Move right',
    remove: 'Remove',
    typeNotAllowed: 'Only JPEG, PNG or WebP images can be added.',
    tooLarge: 'An image may be at most {{max}} MB.',
  },
};

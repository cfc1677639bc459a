/** The parts of a postal address the app shows (the model's address field, a registration's, a supplier's). */
export interface PostalParts { street?: string | null; houseNumber?: string | null; bus?: string | null; zipCode?: string | null; city?: string | null }

/** A postal address as its lines: street, number and bus; zip code and city (empty lines left out). */
export const postalLines = (a: PostalParts): string[] =>
  [[a.street, a.houseNumber, a.bus].filter(Boolean).join(' '), [a.zipCode, a.city].filter(Boolean).join(' ')].filter((line) => line !== '');

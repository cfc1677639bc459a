type Tree = { [key: string]: unknown };

/**
 * react-admin's polyglot plurals ('singular |||| plural') as i18next's `key_one` / `key_other` keys,
 * as ra-i18n-i18next's convertRaTranslationsToI18next does. '%{name}' stays as it is: the app's
 * i18next instance uses '%{…}' as its interpolation markers. The input stays untouched.
 */
export function toI18nextMessages(messages: Readonly<Tree>): Tree {
  const out: Tree = {};
  for (const [key, value] of Object.entries(messages)) {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      out[key] = toI18nextMessages(value as Tree);
    } else if (typeof value === 'string' && value.includes(' |||| ')) {
      const [one, other] = value.split(' |||| ');
      out[`${key}_one`] = one;
      out[`${key}_other`] = other;
    } else {
      out[key] = value;
    }
  }
  return out;
}

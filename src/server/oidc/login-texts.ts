import type { Language } from '../../../model/dsl/i18n';

/** Texts of the identity provider's own pages (login, logout, errors), in the three languages. */
export const LOGIN_TEXTS = {
  nl: {
    title: 'Aanmelden',
    intro: 'Meld je aan bij %{tenant}',
    email: 'E-mail',
    password: 'Wachtwoord',
    submit: 'Aanmelden',
    invalidCredentials: 'Het e-mailadres of wachtwoord is onjuist.',
    missingFields: 'Vul je e-mailadres en wachtwoord in.',
    slowDown: 'Te veel mislukte pogingen. Wacht %{seconds} s en probeer het opnieuw.',
    locked: 'Te veel mislukte pogingen: aanmelden is %{minutes} min geblokkeerd. Probeer het daarna opnieuw.',
    noActiveAccess: 'Gebruiker bestaat nog niet in auth0 of heeft geen actieve klanttoegang',
    expired: 'Je aanmeldpoging is verlopen. Ga terug naar de winkel en probeer opnieuw.',
    signingOut: 'Je wordt afgemeld…',
    signOut: 'Afmelden',
    signedOut: 'Je bent afgemeld.',
    errorTitle: 'Er ging iets mis',
    language: 'Taal',
    setPasswordTitle: "Wachtwoord instellen",
    setPasswordIntro: "Kies een wachtwoord voor %{email} (minstens %{min} tekens).",
    newPassword: "Nieuw wachtwoord",
    confirmPassword: "Herhaal het wachtwoord",
    setPasswordSubmit: "Wachtwoord instellen",
    passwordSet: "Je wachtwoord is ingesteld. Meld je nu aan met %{email}.",
    toShop: "Naar de winkel en aanmelden",
    passwordMismatch: "De twee wachtwoorden zijn niet gelijk.",
    passwordTooShort: "Kies een wachtwoord van minstens %{min} tekens.",
    linkInvalid: "Deze link is ongeldig of verlopen. Vraag een nieuwe aan bij de beheerder van je bedrijf.",
  },
  en: {
    title: 'Sign in',
    intro: 'Sign in to %{tenant}',
    email: 'E-mail',
    password: 'Password',
    submit: 'Sign in',
    invalidCredentials: 'The e-mail address or password is incorrect.',
    missingFields: 'Enter your e-mail address and password.',
    slowDown: 'Too many failed attempts. Wait %{seconds} s and try again.',
    locked: 'Too many failed attempts: signing in is locked for %{minutes} min. Try again after that.',
    // The spec's text (core §8), provider name included.
    noActiveAccess: 'User is either not yet created in auth0 or has no active customer access',
    expired: 'Your sign-in attempt has expired. Go back to the shop and try again.',
    signingOut: 'Signing you out…',
    signOut: 'Sign out',
    signedOut: 'You are signed out.',
    errorTitle: 'Something went wrong',
    language: 'Language',
    setPasswordTitle: "Set your password",
    setPasswordIntro: "Choose a password for %{email} (at least %{min} characters).",
    newPassword: "New password",
    confirmPassword: "Repeat the password",
    setPasswordSubmit: "Set password",
    passwordSet: "Your password is set. Now sign in with %{email}.",
    toShop: "Go to the shop and sign in",
    passwordMismatch: "The two passwords are not the same.",
    passwordTooShort: "Choose a password of at least %{min} characters.",
    linkInvalid: "Reset link invalid: it has expired or was used already. Ask your company's administrator for a new one.",
  },
  fr: {
    title: 'Se connecter',
    intro: 'Connectez-vous à %{tenant}',
    email: 'E-mail',
    password: 'Mot de passe',
    submit: 'Se connecter',
    invalidCredentials: "L'adresse e-mail ou le mot de passe est incorrect.",
    missingFields: 'Saisissez votre adresse e-mail et votre mot de passe.',
    slowDown: 'Trop de tentatives échouées. Attendez %{seconds} s et réessayez.',
    locked: 'Trop de tentatives échouées : la connexion est bloquée pendant %{minutes} min. Réessayez ensuite.',
    noActiveAccess: "L'utilisateur n'existe pas encore dans auth0 ou n'a pas d'accès client actif",
    expired: 'Votre tentative de connexion a expiré. Retournez à la boutique et réessayez.',
    signingOut: 'Déconnexion en cours…',
    signOut: 'Se déconnecter',
    signedOut: 'Vous êtes déconnecté.',
    errorTitle: "Une erreur s'est produite",
    language: 'Langue',
    setPasswordTitle: "Définir votre mot de passe",
    setPasswordIntro: "Choisissez un mot de passe pour %{email} (au moins %{min} caractères).",
    newPassword: "Nouveau mot de passe",
    confirmPassword: "Répétez le mot de passe",
    setPasswordSubmit: "Définir le mot de passe",
    passwordSet: "Votre mot de passe est défini. Connectez-vous maintenant avec %{email}.",
    toShop: "Aller à la boutique et se connecter",
    passwordMismatch: "Les deux mots de passe ne sont pas identiques.",
    passwordTooShort: "Choisissez un mot de passe d’au moins %{min} caractères.",
    linkInvalid: "Ce lien est invalide ou a expiré. Demandez-en un nouveau à l'administrateur de votre entreprise.",
  },
} as const satisfies Record<Language, Record<string, string>>;

export type LoginTextKey = keyof (typeof LOGIN_TEXTS)['nl'];

const isLanguage = (value: string): value is Language => value === 'nl' || value === 'en' || value === 'fr';

/**
 * The page language: an explicit choice (?lang or the form), then the client's ui_locales, then the
 * browser's Accept-Language, then the tenant's default language, then Dutch. Only languages the
 * tenant supports count (all three when it names none).
 */
export function pickLanguage(input: {
  explicit?: string | null;
  uiLocales?: string | null;
  acceptLanguage?: string | null;
  tenantDefault?: string | null;
  tenantSupported?: readonly string[] | null;
}): Language {
  const supported = (input.tenantSupported?.length ? input.tenantSupported : ['nl', 'en', 'fr']).map((l) => l.toLowerCase());
  const ok = (tag: string | undefined | null): Language | undefined => {
    const lang = tag?.trim().toLowerCase().split('-')[0];
    return lang && isLanguage(lang) && supported.includes(lang) ? lang : undefined;
  };
  const fromList = (list: string[]) => list.map(ok).find(Boolean);
  const accept = (input.acceptLanguage ?? '').split(',')
    .map((part, index) => {
      const [tag, ...params] = part.split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag, q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((x) => x.q > 0).sort((a, b) => b.q - a.q || a.index - b.index).map((x) => x.tag);
  return ok(input.explicit) ?? fromList((input.uiLocales ?? '').split(' ')) ?? fromList(accept)
    ?? ok(input.tenantDefault) ?? 'nl';
}

export function text(lang: Language, key: LoginTextKey, vars: Record<string, string> = {}): string {
  return LOGIN_TEXTS[lang][key].replace(/%\{(\w+)\}/g, (_, name: string) => vars[name] ?? '');
}

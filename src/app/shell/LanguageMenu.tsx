import { useState } from 'react';
import { Button, MenuItem } from '@mui/material';
import Translate from '@mui/icons-material/Translate';
import { useTranslate } from 'ra-core';
import { LazyMenu, preloadMenu } from './LazyMenu';
import { useSession } from '../bootstrap/context';
import { isLanguage, type Language } from '../i18n/language';
import { offeredLanguages } from '../i18n/offered-languages';
import { languageButtonSx } from './header-fit';

/**
 * The header's language button and menu, for either shell: the shell gives the current locale, how
 * to change and save it (true when saved), and how to warn when saving failed.
 */
export function LanguageMenu({ locale, changeLanguage, warn }: {
  locale: string;
  changeLanguage: (language: Language) => Promise<boolean>;
  warn: (messageKey: string) => void;
}) {
  const translate = useTranslate();
  const session = useSession();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  async function choose(language: Language) {
    setAnchor(null);
    if (language === locale) return;
    if (!(await changeLanguage(language))) warn('app.language.saveFailed');
  }

  const current = isLanguage(locale) ? locale : 'nl';
  return (
    <>
      <Button color="inherit" startIcon={<Translate />} aria-label={`${translate('app.language.label')} (${current.toUpperCase()})`} aria-haspopup="menu" onPointerEnter={preloadMenu} onFocus={preloadMenu} onClick={(e) => setAnchor(e.currentTarget)}
        sx={languageButtonSx}>
        {current.toUpperCase()}
      </Button>
      <LazyMenu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {offeredLanguages(session.supportedLanguages).map((language) => (
          <MenuItem key={language} selected={language === current} lang={language} onClick={() => choose(language)}>
            {translate(`app.language.${language}`)}
          </MenuItem>
        ))}
      </LazyMenu>
    </>
  );
}

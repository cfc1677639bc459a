import { useState } from 'react';
import { Button, Menu, MenuItem } from '@mui/material';
import Translate from '@mui/icons-material/Translate';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { useSession } from '../bootstrap/context';
import { isLanguage, type Language } from '../i18n/language';
import { offeredLanguages } from './languages';
import { useChangeLanguage } from '../session/user-settings';

export { offeredLanguages };

/**
 * Switches the interface language at once and saves it in the user settings (PUT /user-settings),
 * so the next sign-in starts in it, and broadcasts 'language-changed' (core §4 "User settings").
 */
export function LanguageSwitcher() {
  const translate = useTranslate();
  const notify = useNotify();
  const session = useSession();
  const [locale] = useLocaleState();
  const changeLanguage = useChangeLanguage();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  async function choose(language: Language) {
    setAnchor(null);
    if (language === locale) return;
    if (!(await changeLanguage(language))) notify('app.language.saveFailed', { type: 'warning' });
  }

  const current = isLanguage(locale) ? locale : 'nl';
  return (
    <>
      <Button
        color="inherit"
        startIcon={<Translate />}
        aria-label={translate('app.language.label')}
        aria-haspopup="menu"
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {current.toUpperCase()}
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {offeredLanguages(session.supportedLanguages).map((language) => (
          <MenuItem key={language} selected={language === current} lang={language} onClick={() => choose(language)}>
            {translate(`app.language.${language}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

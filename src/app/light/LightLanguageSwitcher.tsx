import { useState } from 'react';
import { Button, Menu, MenuItem } from '@mui/material';
import Translate from '@mui/icons-material/Translate';
import { useSession } from '../bootstrap/context';
import { isLanguage, type Language } from '../i18n/language';
import { useAppLocale, useAppTranslate } from '../i18n/react';
import { offeredLanguages } from '../layout/languages';
import { showNotice } from '../notify/toasts';
import { useLightChangeLanguage } from './language';

/** layout/LanguageSwitcher on the light pages: switches at once, saves in the user settings. */
export function LightLanguageSwitcher() {
  const translate = useAppTranslate();
  const session = useSession();
  const locale = useAppLocale();
  const changeLanguage = useLightChangeLanguage();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  async function choose(language: Language) {
    setAnchor(null);
    if (language === locale) return;
    if (!(await changeLanguage(language))) showNotice('app.language.saveFailed', { type: 'warning' });
  }

  const current = isLanguage(locale) ? locale : 'nl';
  return (
    <>
      <Button color="inherit" startIcon={<Translate />} aria-label={translate('app.language.label')} aria-haspopup="menu" onClick={(e) => setAnchor(e.currentTarget)}>
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

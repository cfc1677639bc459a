/**
 * Texts of the app shell (issue 3): toasts, the error page, the developer pages (/types,
 * /component-library), the sidebar and the super admin's extra-privileges toggle.
 * English and French: shell.en.ts and shell.fr.ts, typed by this Dutch tree, so a key
 * forgotten in one language fails to compile; each language is loaded with its pack (../packs).
 */
export const nl = {
  shell: {
    toast: { success: 'Succesvol verwerkt!', error: 'Oeps! Er ging iets mis.' },
    error: {
      title: 'Er ging iets mis',
      text: 'Deze pagina kon niet worden getoond. Probeer het later opnieuw of ga terug naar de startpagina.',
      reloading: 'Een nieuwe versie wordt geladen…',
    },
    extraPrivileges: { label: 'Extra rechten', hint: 'Toont de extra beheermenu-items' },
    types: {
      title: 'Types',
      intro: 'De resources van het model met hun velden, en de foutcodes van de catalogus.',
      resources: 'Resources',
      field: 'Veld',
      kind: 'Soort',
      required: 'Verplicht',
      yes: 'ja',
      no: 'nee',
      errors: 'Foutcodes',
      code: 'Code',
      status: 'Status',
      message: 'Tekst',
    },
    library: {
      title: 'Componentenbibliotheek',
      intro: 'Het ontwerpsysteem van deze site: kleuren, typografie, knoppen, invoervelden en meldingen.',
      colours: 'Kleuren',
      typography: 'Typografie',
      buttons: 'Knoppen',
      inputs: 'Invoervelden',
      alerts: 'Meldingen',
      sample: 'De snelle bruine vos springt over de luie hond',
      text: 'Tekst',
      amount: 'Bedrag',
      translated: 'Vertaalde tekst',
      disabled: 'Uitgeschakeld',
      alert: 'Een voorbeeldmelding van het type {{severity}}.',
    },
    crm: {
      intro: "Koppel de shop aan Teamleader Focus: de facturen van Teamleader melden zich hier (geboekt, verstuurd, betaald) via webhooks.",
      notConfigured: "De CRM-koppeling is niet ingesteld op deze server (TEAMLEADER_CLIENT_ID en TEAMLEADER_CLIENT_SECRET ontbreken).",
      connected: "Gekoppeld met Teamleader (toegang tot {{expiresAt}}, daarna automatisch vernieuwd).",
      notConnected: "Nog niet gekoppeld met Teamleader.",
      connect: "Koppelen met Teamleader",
      reconnect: "Opnieuw koppelen",
      connecting: "Bezig met koppelen…",
      webhooks: "Geregistreerde webhooks",
      noWebhooks: "Er zijn geen webhooks geregistreerd.",
      register: "Webhooks registreren",
      unregister: "Webhooks verwijderen",
      events: "Recente gebeurtenissen",
      noEvents: "Nog geen gebeurtenissen ontvangen.",
      eventType: "Gebeurtenis",
      subject: "Onderwerp",
      receivedAt: "Ontvangen op",
      url: "URL",
      types: "Gebeurtenissen",
    },
  },
};

export type ShellMessages = typeof nl;

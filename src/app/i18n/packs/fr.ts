/**
 * The base tier of one language's messages, a chunk of its own loaded when the language is
 * (i18n/index.ts): what the light shop pages and the app shell read — the generated texts but the
 * resource labels, then the app's own (later trees win). React-admin's texts and the resource
 * labels are the admin tier (fr-admin.ts), loaded before a react-admin area renders.
 */
import generated from '../../../../generated/i18n/fr.gen';
import { fr as generatedSupport } from '../../generated-support/messages.fr';
import { fr as auth } from '../../auth/messages.fr';
import { fr as app } from '../messages/app.fr';
import { fr as shell } from '../messages/shell.fr';
import { fr as settings } from '../../features/users/settings/messages.fr';
import { fr as impersonation } from '../messages/impersonation.fr';
import { fr as assistant } from '../messages/assistant.fr';
import { fr as shop } from '../messages/shop.fr';
import { fr as checkout } from '../../features/basket/checkout/messages.fr';

export default [generated, generatedSupport, auth, app, shell, settings, impersonation, assistant, shop, checkout] as readonly object[];

/**
 * The base tier of one language's messages, a chunk of its own loaded when the language is
 * (i18n/index.ts): what the light shop pages and the app shell read — the generated texts but the
 * resource labels, then the app's own (later trees win). React-admin's texts and the resource
 * labels are the admin tier (en-admin.ts), loaded before a react-admin area renders.
 */
import generated from '../../../../generated/i18n/en.gen';
import { en as generatedSupport } from '../../generated-support/messages.en';
import { en as auth } from '../../auth/messages.en';
import { en as app } from '../messages/app.en';
import { en as shell } from '../messages/shell.en';
import { en as settings } from '../../features/users/settings/messages.en';
import { en as impersonation } from '../messages/impersonation.en';
import { en as assistant } from '../messages/assistant.en';
import { en as shop } from '../messages/shop.en';
import { en as checkout } from '../../features/basket/checkout/messages.en';

export default [generated, generatedSupport, auth, app, shell, settings, impersonation, assistant, shop, checkout] as readonly object[];

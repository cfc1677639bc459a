/**
 * The base tier of one language's messages, a chunk of its own loaded when the language is
 * (i18n/index.ts): what the light shop pages and the app shell read — the generated texts but the
 * resource labels, then the app's own (later trees win). React-admin's texts and the resource
 * labels are the admin tier (nl-admin.ts), loaded before a react-admin area renders.
 */
import generated from '../../../../generated/i18n/nl.gen';
import { nl as generatedSupport } from '../../generated-support/messages';
import { nl as auth } from '../../auth/messages';
import { nl as app } from '../messages/app';
import { nl as shell } from '../messages/shell';
import { nl as settings } from '../../features/users/settings/messages';
import { nl as impersonation } from '../messages/impersonation';
import { nl as assistant } from '../messages/assistant';
import { nl as shop } from '../messages/shop';
import { nl as checkout } from '../../features/basket/checkout/messages';

export default [generated, generatedSupport, auth, app, shell, settings, impersonation, assistant, shop, checkout] as readonly object[];

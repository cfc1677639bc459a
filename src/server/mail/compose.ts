import type { Kysely } from 'kysely';
import type { Language } from '../../../model/dsl/i18n';
import { CONSTANTS } from '../../../model/catalogue/constants';
import { SUPPLIER_ORDER_STATUSES } from '../../../model';
import { SET_PASSWORD_PATH } from '../users/paths';
import type { ServerConfig } from '../config';
import { handedOutOrigin } from '../public-url';
import type { MailJob, MailSubject } from './message';
import { renderMail, type RenderedMail } from './render';
import { MAIL_LOCALES } from './texts';
import { negotiateLanguage, serverText } from '../i18n';
import { currentCancellationDate } from '../contracts/contract-dates';
import { todayInShopZone } from '../../shared/shop-clock';
import type { DB } from '../../../generated/db/database.gen';

/** A rendered message with its recipient. */
export interface ComposedMail extends RenderedMail {
  to: string;
  language: Language;
}

/** The data a mail needs is gone (user, tenant or order deleted since the job was queued). */
export class MailDataMissing extends Error {}

function money(amount: string | number, currency: string | null | undefined, language: Language): string {
  const value = Number(amount);
  if (currency === 'POINTS') return `${new Intl.NumberFormat(MAIL_LOCALES[language]).format(value)} ${serverText(language, 'mail.fallbacks.points')}`;
  return new Intl.NumberFormat(MAIL_LOCALES[language], { style: 'currency', currency: 'EUR' }).format(value);
}

const nameOf = (u: { displayname: string | null; firstname: string | null; lastname: string | null; email: string }) =>
  u.displayname?.trim() || [u.firstname, u.lastname].filter(Boolean).join(' ').trim() || u.email;

/** The order's placeholders: its number, total (as `amount`) and who placed it. */
async function orderValues(db: Kysely<DB>, tenantId: string, orderId: string, currency: string | null, language: Language) {
  const order = await db.selectFrom('orders').leftJoin('users as u', 'u.id', 'orders.orderedById')
    .select(['orders.orderNumber', 'orders.customerId', 'orders.totalCost', 'u.displayname', 'u.firstname', 'u.lastname', 'u.email'])
    .where('orders.id', '=', orderId).where('orders.tenantId', '=', tenantId).executeTakeFirst();
  if (!order) throw new MailDataMissing(`order ${orderId} not found`);
  return {
    customerId: String(order.customerId),
    orderNumber: order.orderNumber ?? '',
    amount: order.totalCost == null ? '' : ` (${money(order.totalCost, currency, language)})`,
    orderedBy: order.email ? nameOf({ ...order, email: order.email }) : serverText(language, 'mail.fallbacks.someone'),
  };
}

/**
 * Renders the mail of a `mail.send` job from the database as it is now: the recipient's address,
 * name and language, the tenant's product name and address, the order's number and total. The link
 * goes to the tenant's own host (PUBLIC_URL's scheme and port), e.g. /order-detail/{id}.
 */
export async function composeMail(db: Kysely<DB>, config: Pick<ServerConfig, 'publicUrl'>, job: MailJob): Promise<ComposedMail> {
  const tenant = await db.selectFrom('tenants').select(['name', 'hostname', 'defaultLanguage', 'currency'])
    .where('id', '=', job.tenantId).executeTakeFirst();
  if (!tenant) throw new MailDataMissing(`tenant ${job.tenantId} not found`);
  const user = job.recipientEmail
    ? { email: job.recipientEmail, displayname: null, firstname: null, lastname: null, languageCode: null }
    : await db.selectFrom('users').select(['email', 'displayname', 'firstname', 'lastname', 'languageCode'])
      .where('id', '=', job.recipientUserId!).where('tenantId', '=', job.tenantId).executeTakeFirst();
  if (!user) throw new MailDataMissing(`user ${job.recipientUserId} not found`);
  // The recipient's own language; without one ('Undefined'), the tenant's default; else Dutch.
  const language = negotiateLanguage({ saved: user.languageCode, tenantDefault: tenant.defaultLanguage });
  const origin = handedOutOrigin(config.publicUrl, tenant.hostname, tenant.hostname);
  const { link, values } = job.mail.kind === 'passwordLink'
    ? passwordLinkValues(job.mail, { origin, language, product: tenant.name, email: user.email })
    : await subjectValues(db, job.tenantId, job.mail, { origin, currency: tenant.currency, language });
  const rendered = renderMail({ kind: job.mail.kind, language, product: tenant.name, recipientName: nameOf(user), link, values });
  return { ...rendered, to: user.email, language };
}

/** An invitation or password mail: the link to the identity provider's set-password page on the tenant's own host. */
function passwordLinkValues(mail: Extract<MailSubject, { kind: 'passwordLink' }>, at: { origin: string; language: Language; product: string; email: string }) {
  return {
    link: `${at.origin}${SET_PASSWORD_PATH}?token=${encodeURIComponent(mail.token)}`,
    values: {
      invitation: mail.invited ? serverText(at.language, 'mail.fallbacks.invited', { product: at.product }) : '',
      hours: String(CONSTANTS.passwordLinkHours),
      email: at.email,
    },
  };
}

async function subjectValues(db: Kysely<DB>, tenantId: string, mail: Exclude<MailSubject, { kind: 'passwordLink' }>, at: { origin: string; currency: string | null; language: Language }): Promise<{ link: string; values: Record<string, string> }> {
  if (mail.kind === 'reminderDue') {
    return { link: `${at.origin}${mail.path}`, values: { title: mail.title, description: mail.description } };
  }
  if (mail.kind === 'contractCancellationNotice' || mail.kind === 'contractCancellationReminder') {
    const c = await db.selectFrom('contracts').select(['title', 'contractNumber', 'customerId', 'latestCancellationDate', 'contractExtensions'])
      .where('id', '=', mail.contractId).where('tenantId', '=', tenantId).executeTakeFirst();
    if (!c) throw new MailDataMissing(`contract ${mail.contractId} not found`);
    const day = currentCancellationDate(c, todayInShopZone());
    const date = day ? new Intl.DateTimeFormat(MAIL_LOCALES[at.language], { timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`)) : '';
    return { link: `${at.origin}/contracts/${mail.contractId}?company=${c.customerId}`, values: { title: c.title, contractNumber: c.contractNumber ?? '', date } };
  }
  if (mail.kind === 'articleBackInStock') {
    const article = await db.selectFrom('supplierArticles').select('title').where('id', '=', mail.supplierArticleId).where('tenantId', '=', tenantId).executeTakeFirst();
    if (!article) throw new MailDataMissing(`article ${mail.supplierArticleId} not found`);
    const title = (typeof article.title === 'string' ? JSON.parse(article.title) : article.title ?? {}) as Partial<Record<Language, string | null>>;
    const name = title[at.language] || title.nl || title.en || title.fr || '';
    return { link: `${at.origin}/products/${mail.supplierArticleId}?company=${mail.customerId}`, values: { article: name } };
  }
  if (mail.kind === 'customerWelcome') {
    const customer = await db.selectFrom('customers').select('name').where('id', '=', mail.customerId).where('tenantId', '=', tenantId).executeTakeFirst();
    if (!customer) throw new MailDataMissing(`customer ${mail.customerId} not found`);
    return { link: `${at.origin}/?company=${mail.customerId}`, values: { customer: String(customer.name) } };
  }
  const { customerId, ...order } = await orderValues(db, tenantId, mail.orderId, at.currency, at.language);
  // The order's company goes along: a recipient acting for several companies lands in the right one.
  const link = `${at.origin}/order-detail/${mail.orderId}?company=${customerId}`;
  if (mail.kind === 'supplierOrderUpdate') {
    const so = await db.selectFrom('supplierOrders').select(['gcsNumber', 'supplierName']).where('id', '=', mail.supplierOrderId).where('tenantId', '=', tenantId).executeTakeFirst();
    if (!so) throw new MailDataMissing(`supplier order ${mail.supplierOrderId} not found`);
    const failed = mail.status === 'FAILEDTOORDER';
    return {
      link,
      values: {
        orderNumber: order.orderNumber, gcsNumber: so.gcsNumber ?? '', supplier: so.supplierName || serverText(at.language, 'mail.fallbacks.someone'),
        update: mail.status ? SUPPLIER_ORDER_STATUSES[mail.status][at.language] : serverText(at.language, 'mail.fallbacks.deliveryAnnounced'),
        reason: failed ? mail.remark ?? '' : '', remark: failed ? '' : mail.remark ?? '', deliveryNumber: mail.deliveryNumber ?? '',
      },
    };
  }
  switch (mail.kind) {
    case 'orderRejected': return { link, values: { ...order, reason: mail.reason } };
    case 'orderComment': return { link, values: { ...order, comment: mail.comment, author: mail.authorName || serverText(at.language, 'mail.fallbacks.someone') } };
    default: return { link, values: order };
  }
}

import { field, resource, t } from '../dsl';

/**
 * The links that let a person set their password on the embedded identity provider (flows §4 users:
 * the invitation and createAndSentPasswordMail). Only a hash of the link's secret is kept; a link
 * works once and until it expires ('reset link invalid' otherwise). The server writes and reads the
 * rows itself (src/server/users/password-links.ts); no route exposes them.
 */
export const passwordLinks = resource('password-links', {
  label: { one: t('Wachtwoordlink', 'Password link', 'Lien de mot de passe'), many: t('Wachtwoordlinks', 'Password links', 'Liens de mot de passe') },
  scope: 'tenant',
  fields: {
    userId: field.reference(t('Gebruiker', 'User', 'Utilisateur'), 'users').required().readOnly(),
    tokenHash: field.text(t('Kenmerk', 'Token hash', 'Empreinte')).required().max(100).readOnly(),
    expiresAt: field.datetime(t('Verloopt op', 'Expires at', 'Expire le')).required().readOnly(),
    usedAt: field.datetime(t('Gebruikt op', 'Used at', 'Utilisé le')).readOnly(),
  },
  recordRepresentation: 'expiresAt',
  list: { columns: ['userId', 'expiresAt', 'usedAt'], sort: { field: 'expiresAt', order: 'DESC' } },
  notFound: 'notFound',
});

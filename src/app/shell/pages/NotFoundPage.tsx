import { useTranslate } from 'react-admin';
import { MessagePage } from '../../common/ui/MessagePage';

/** Unknown pages (core §2): 'This page could not be found' with status 404 and a link home. */
export function NotFoundPage() {
  const translate = useTranslate();
  return <MessagePage status={404} title={translate('app.notFound.title')} />;
}

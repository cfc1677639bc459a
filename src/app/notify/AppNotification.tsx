import { Notification } from 'react-admin';
import { CONSTANTS } from '../../../model/catalogue/constants';

/** react-admin's own notifications (saved, deleted, failed calls) also show for the toast's 5 s (core §4). */
export const AppNotification = () => <Notification autoHideDuration={CONSTANTS.toastMs} />;

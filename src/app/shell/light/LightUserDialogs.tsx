import { Dialog, DialogContent } from '@mui/material';
import { LogoutConfirmDialog } from '../../features/basket/LogoutConfirmDialog';
import { LightCompanyPicker } from './LightCompanyPicker';

export interface LightUserDialogsProps {
  /** The company picker is open (the user menu's 'switch company'). */
  picking: boolean;
  /** The logout confirmation is open (logging out with items in the basket, core §4). */
  asking: boolean;
  /** Items in the basket, for the confirmation's text. */
  count: number;
  onPicked(): void;
  onKeep(): void;
  onLogout(): void;
}

/**
 * The light user menu's two dialogs, a chunk of their own: MUI's Dialog brings Modal, focus trap and
 * backdrop, which the marketplace need not load before it is usable (scripts/bundle-budget.ts).
 */
export default function LightUserDialogs({ picking, asking, count, onPicked, onKeep, onLogout }: LightUserDialogsProps) {
  return (
    <>
      <Dialog open={picking} onClose={onPicked} fullWidth maxWidth="xs">
        <DialogContent>
          <LightCompanyPicker onChosen={onPicked} />
        </DialogContent>
      </Dialog>
      <LogoutConfirmDialog open={asking} count={count} onKeep={onKeep} onLogout={onLogout} />
    </>
  );
}

import { Badge, IconButton } from '@mui/material';
import ShoppingCart from '@mui/icons-material/ShoppingCart';
import { useNavigate } from 'react-router';
import { useTranslate } from 'ra-core';
import { useAppNotify } from '../../notify/useAppNotify';
import { useBasket, useBasketAutoLoad } from './useBasket';

/**
 * The header's basket icon with the item-count badge (core §2). Core §4: clicking an empty basket
 * says a product must be added first and goes to /products; otherwise it opens /transporter.
 * It also keeps the basket loaded for the acting user and company.
 * The hover hint is the native title, not MUI's Tooltip: that one brings Popper and @popperjs/core
 * onto every shop page (issue 4's script budget).
 */
export function BasketButton() {
  useBasketAutoLoad();
  const translate = useTranslate();
  const navigate = useNavigate();
  const { toast } = useAppNotify();
  const { count } = useBasket();
  const label = count ? translate('shop.basket.badge', { smart_count: count }) : translate('shop.basket.badgeEmpty');

  function open() {
    if (count === 0) {
      toast('shop.basket.emptyFirst', { variation: 'warning' });
      navigate('/products');
    } else {
      navigate('/transporter');
    }
  }

  return (
    <IconButton color="inherit" aria-label={label} title={label} onClick={open}>
      {/* No '0' in the page when empty: the button's name ('Basket, empty') holds what it shows. */}
      <Badge badgeContent={count || undefined} color="secondary" max={999}>
        <ShoppingCart />
      </Badge>
    </IconButton>
  );
}

/**
 * The shop pages of issue 4 that the react-admin shop routes, as pages/registry.tsx registers them.
 * The marketplace and the product page are the light shop's (light/LightShop, App.tsx).
 */
export { OrderDetailPage } from './orders/OrderDetailPage';
export { OrdersPage } from './orders/OrdersPage';
export { TransporterPage } from './transporter/TransporterPage';

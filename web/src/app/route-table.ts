import type { ComponentType } from 'react';

/** public: anyone; user: the pre-check (signed in); admin: signed in with the ADMIN role. */
export type Access = 'public' | 'user' | 'admin';
/** app: with the navigation menu; plain: a focused screen without it. */
export type Layout = 'app' | 'plain';

export interface RouteDef {
  path: string;
  access: Access;
  layout: Layout;
  load: () => Promise<{ default: ComponentType }>;
}

/**
 * Every route of spec §2. Each page is its own lazily loaded chunk. Pre-checked
 * (signed-in) are all but the tutorial, sign-in and registration, help, guide, about,
 * the payment-provider returns and /update.
 */
export const routeTable: RouteDef[] = [
  { path: '/tutorial', access: 'public', layout: 'plain', load: () => import('@/pages/tutorial/TutorialPage') },
  { path: '/tutorial/welcome', access: 'public', layout: 'plain', load: () => import('@/pages/tutorial/TutorialWelcomePage') },
  { path: '/tutorial/receive', access: 'public', layout: 'plain', load: () => import('@/pages/tutorial/TutorialReceivePage') },
  { path: '/tutorial/send', access: 'public', layout: 'plain', load: () => import('@/pages/tutorial/TutorialSendPage') },
  { path: '/tutorial/store', access: 'public', layout: 'plain', load: () => import('@/pages/tutorial/TutorialStorePage') },
  { path: '/login', access: 'public', layout: 'plain', load: () => import('@/pages/auth/LoginPage') },
  // Not in spec §2: the unlock link e-mailed after many failed sign-ins (docs/security.md).
  { path: '/login/unlock', access: 'public', layout: 'plain', load: () => import('@/pages/auth/UnlockPage') },
  { path: '/register', access: 'public', layout: 'plain', load: () => import('@/pages/auth/RegisterPage') },
  { path: '/register/verify', access: 'public', layout: 'plain', load: () => import('@/pages/auth/RegisterVerifyPage') },
  { path: '/register/password', access: 'public', layout: 'plain', load: () => import('@/pages/auth/RegisterPasswordPage') },
  { path: '/register/profile', access: 'public', layout: 'plain', load: () => import('@/pages/auth/RegisterProfilePage') },
  { path: '/register/station', access: 'public', layout: 'plain', load: () => import('@/pages/auth/RegisterStationPage') },
  { path: '/register/done', access: 'public', layout: 'plain', load: () => import('@/pages/auth/RegisterDonePage') },
  { path: '/reset', access: 'public', layout: 'plain', load: () => import('@/pages/auth/ResetPage') },
  { path: '/reset/verify', access: 'public', layout: 'plain', load: () => import('@/pages/auth/ResetVerifyPage') },
  { path: '/reset/password', access: 'public', layout: 'plain', load: () => import('@/pages/auth/ResetPasswordPage') },
  { path: '/', access: 'user', layout: 'app', load: () => import('@/pages/home/HomePage') },
  { path: '/book', access: 'user', layout: 'app', load: () => import('@/pages/book/BookPage') },
  { path: '/book/station', access: 'user', layout: 'app', load: () => import('@/pages/book/BookStationsPage') },
  { path: '/book/station/:stationUuid', access: 'user', layout: 'app', load: () => import('@/pages/book/BookStationPage') },
  { path: '/book/station/:stationUuid/locker/:height/:type/:temperature/timeframe', access: 'user', layout: 'app', load: () => import('@/pages/book/BookTimeframePage') },
  { path: '/book/station/:stationUuid/locker/:height/:type/:temperature/timeframe/:start/:end', access: 'user', layout: 'app', load: () => import('@/pages/book/BookTimeframePage') },
  { path: '/book/:orderUuid', access: 'user', layout: 'app', load: () => import('@/pages/book/BookOrderPage') },
  { path: '/book/:orderUuid/confirm', access: 'user', layout: 'app', load: () => import('@/pages/book/BookConfirmPage') },
  { path: '/book/:orderUuid/done', access: 'user', layout: 'app', load: () => import('@/pages/book/BookDonePage') },
  { path: '/book/:orderUuid/method', access: 'user', layout: 'app', load: () => import('@/pages/book/BookMethodPage') },
  { path: '/book/:orderUuid/payments', access: 'user', layout: 'app', load: () => import('@/pages/book/BookPaymentsPage') },
  { path: '/book/:orderUuid/payments/add', access: 'user', layout: 'app', load: () => import('@/pages/book/BookPaymentAddPage') },
  { path: '/book/:orderUuid/payments/:paymentMethodUuid', access: 'user', layout: 'app', load: () => import('@/pages/book/BookPaymentPage') },
  { path: '/book/:orderUuid/payments/:paymentMethodUuid/prepare', access: 'user', layout: 'app', load: () => import('@/pages/book/BookPaymentPreparePage') },
  { path: '/book/:orderUuid/payments/:paymentMethodUuid/done', access: 'user', layout: 'app', load: () => import('@/pages/book/BookPaymentDonePage') },
  { path: '/book/:orderUuid/prepare', access: 'user', layout: 'app', load: () => import('@/pages/book/BookPreparePage') },
  { path: '/orders', access: 'user', layout: 'app', load: () => import('@/pages/orders/OrdersPage') },
  { path: '/orders/active', access: 'user', layout: 'app', load: () => import('@/pages/orders/OrdersActivePage') },
  { path: '/orders/history', access: 'user', layout: 'app', load: () => import('@/pages/orders/OrdersHistoryPage') },
  { path: '/history', access: 'user', layout: 'app', load: () => import('@/pages/orders/HistoryPage') },
  { path: '/notifications', access: 'user', layout: 'app', load: () => import('@/pages/orders/NotificationsPage') },
  { path: '/order/:orderUuid/:orderLockerUuid', access: 'user', layout: 'app', load: () => import('@/pages/order/OrderLockerPage') },
  { path: '/order/history/:orderUuid/:orderLockerUuid', access: 'user', layout: 'app', load: () => import('@/pages/order/OrderHistoryLockerPage') },
  { path: '/order/:orderUuid/:orderLockerUuid/one-off', access: 'user', layout: 'app', load: () => import('@/pages/order/OrderOneOffPage') },
  { path: '/order/:orderUuid/:orderLockerUuid/extend', access: 'user', layout: 'app', load: () => import('@/pages/order/OrderExtendPage') },
  { path: '/order/:orderUuid/:orderLockerUuid/open', access: 'user', layout: 'app', load: () => import('@/pages/order/OrderOpenPage') },
  { path: '/order/:orderUuid/payment', access: 'user', layout: 'app', load: () => import('@/pages/order/OrderPaymentPage') },
  { path: '/profile', access: 'user', layout: 'app', load: () => import('@/pages/profile/ProfilePage') },
  { path: '/profile/personal', access: 'user', layout: 'app', load: () => import('@/pages/profile/ProfilePersonalPage') },
  { path: '/profile/personal/name', access: 'user', layout: 'app', load: () => import('@/pages/profile/ProfileNamePage') },
  { path: '/profile/personal/phone', access: 'user', layout: 'app', load: () => import('@/pages/profile/ProfilePhonePage') },
  { path: '/profile/personal/phone/verify/:prefix/:phone', access: 'user', layout: 'app', load: () => import('@/pages/profile/ProfilePhoneVerifyPage') },
  { path: '/profile/station', access: 'user', layout: 'app', load: () => import('@/pages/profile/ProfileStationPage') },
  { path: '/profile/language', access: 'user', layout: 'app', load: () => import('@/pages/profile/ProfileLanguagePage') },
  { path: '/profile/delete', access: 'user', layout: 'app', load: () => import('@/pages/profile/ProfileDeletePage') },
  { path: '/guide', access: 'public', layout: 'app', load: () => import('@/pages/help/GuidePage') },
  { path: '/help', access: 'public', layout: 'app', load: () => import('@/pages/help/HelpPage') },
  { path: '/help/list/*', access: 'public', layout: 'app', load: () => import('@/pages/help/HelpListPage') },
  { path: '/help/content/*', access: 'public', layout: 'app', load: () => import('@/pages/help/HelpContentPage') },
  { path: '/help/not-found', access: 'public', layout: 'app', load: () => import('@/pages/help/HelpNotFoundPage') },
  { path: '/issues', access: 'user', layout: 'app', load: () => import('@/pages/help/IssuesPage') },
  { path: '/about', access: 'public', layout: 'app', load: () => import('@/pages/about/AboutPage') },
  { path: '/payment/methods', access: 'user', layout: 'app', load: () => import('@/pages/payment/PaymentMethodsPage') },
  { path: '/coupons', access: 'user', layout: 'app', load: () => import('@/pages/promotions/CouponsPage') },
  { path: '/products', access: 'user', layout: 'app', load: () => import('@/pages/products/ProductsPage') },
  { path: '/kiosk/:stationUuid', access: 'public', layout: 'plain', load: () => import('@/pages/kiosk/KioskPage') },
  { path: '/guest/:token', access: 'public', layout: 'plain', load: () => import('@/pages/guest/GuestPage') },
  { path: '/callback/payment/:status', access: 'public', layout: 'plain', load: () => import('@/pages/callback/CallbackPaymentPage') },
  { path: '/callback/order-payment/:status', access: 'public', layout: 'plain', load: () => import('@/pages/callback/CallbackOrderPaymentPage') },
  { path: '/callback/method/:status', access: 'public', layout: 'plain', load: () => import('@/pages/callback/CallbackMethodPage') },
  { path: '/admin', access: 'admin', layout: 'app', load: () => import('@/pages/admin/AdminPage') },
  { path: '/admin/users', access: 'admin', layout: 'app', load: () => import('@/pages/admin/AdminUsersPage') },
  { path: '/admin/orders', access: 'admin', layout: 'app', load: () => import('@/pages/admin/AdminOrdersPage') },
  { path: '/admin/reserved', access: 'admin', layout: 'app', load: () => import('@/pages/admin/AdminReservedPage') },
  { path: '/admin/stations', access: 'admin', layout: 'app', load: () => import('@/pages/admin/AdminStationsPage') },
  { path: '/admin/network', access: 'admin', layout: 'app', load: () => import('@/pages/admin/AdminNetworkPage') },
  { path: '/admin/events', access: 'admin', layout: 'app', load: () => import('@/pages/admin/AdminEventsPage') },
  { path: '/admin/issues', access: 'admin', layout: 'app', load: () => import('@/pages/admin/AdminIssuesPage') },
  { path: '/admin/coupons', access: 'admin', layout: 'app', load: () => import('@/pages/admin/AdminCouponsPage') },
  { path: '/admin/statistics', access: 'admin', layout: 'app', load: () => import('@/pages/admin/AdminStatisticsPage') },
  { path: '/admin/reconciliation', access: 'admin', layout: 'app', load: () => import('@/pages/admin/AdminReconciliationPage') },
  { path: '/admin/help', access: 'admin', layout: 'app', load: () => import('@/pages/admin/AdminHelpPage') },
  { path: '/update', access: 'public', layout: 'plain', load: () => import('@/pages/system/UpdatePage') },
  { path: '/terms', access: 'public', layout: 'plain', load: () => import('@/pages/about/TermsPage') },
  { path: '/privacy', access: 'public', layout: 'plain', load: () => import('@/pages/about/PrivacyPage') },
  { path: '*', access: 'public', layout: 'app', load: () => import('@/pages/system/NotFoundPage') },
];

import type { ComponentType } from 'react';
import type { PageId } from '@/components/page';

/** public: anyone; user: the pre-check (signed in); admin: signed in with the ADMIN role. */
export type Access = 'public' | 'user' | 'admin';
/** app: with the navigation menu; plain: a focused screen without it. */
export type Layout = 'app' | 'plain';

export interface RouteDef {
  path: string;
  page: PageId;
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
  { path: '/tutorial', page: 'tutorial', access: 'public', layout: 'plain', load: () => import('@/pages/tutorial/TutorialPage') },
  { path: '/tutorial/welcome', page: 'tutorialWelcome', access: 'public', layout: 'plain', load: () => import('@/pages/tutorial/TutorialWelcomePage') },
  { path: '/tutorial/receive', page: 'tutorialReceive', access: 'public', layout: 'plain', load: () => import('@/pages/tutorial/TutorialReceivePage') },
  { path: '/tutorial/send', page: 'tutorialSend', access: 'public', layout: 'plain', load: () => import('@/pages/tutorial/TutorialSendPage') },
  { path: '/tutorial/store', page: 'tutorialStore', access: 'public', layout: 'plain', load: () => import('@/pages/tutorial/TutorialStorePage') },
  { path: '/login', page: 'login', access: 'public', layout: 'plain', load: () => import('@/pages/auth/LoginPage') },
  { path: '/register', page: 'register', access: 'public', layout: 'plain', load: () => import('@/pages/auth/RegisterPage') },
  { path: '/register/verify', page: 'registerVerify', access: 'public', layout: 'plain', load: () => import('@/pages/auth/RegisterVerifyPage') },
  { path: '/register/password', page: 'registerPassword', access: 'public', layout: 'plain', load: () => import('@/pages/auth/RegisterPasswordPage') },
  { path: '/register/profile', page: 'registerProfile', access: 'public', layout: 'plain', load: () => import('@/pages/auth/RegisterProfilePage') },
  { path: '/register/station', page: 'registerStation', access: 'public', layout: 'plain', load: () => import('@/pages/auth/RegisterStationPage') },
  { path: '/register/done', page: 'registerDone', access: 'public', layout: 'plain', load: () => import('@/pages/auth/RegisterDonePage') },
  { path: '/reset', page: 'reset', access: 'public', layout: 'plain', load: () => import('@/pages/auth/ResetPage') },
  { path: '/reset/verify', page: 'resetVerify', access: 'public', layout: 'plain', load: () => import('@/pages/auth/ResetVerifyPage') },
  { path: '/reset/password', page: 'resetPassword', access: 'public', layout: 'plain', load: () => import('@/pages/auth/ResetPasswordPage') },
  { path: '/', page: 'home', access: 'user', layout: 'app', load: () => import('@/pages/home/HomePage') },
  { path: '/book', page: 'book', access: 'user', layout: 'app', load: () => import('@/pages/book/BookPage') },
  { path: '/book/station', page: 'bookStations', access: 'user', layout: 'app', load: () => import('@/pages/book/BookStationsPage') },
  { path: '/book/station/:stationUuid', page: 'bookStation', access: 'user', layout: 'app', load: () => import('@/pages/book/BookStationPage') },
  { path: '/book/station/:stationUuid/locker/:height/:type/:temperature/timeframe', page: 'bookTimeframe', access: 'user', layout: 'app', load: () => import('@/pages/book/BookTimeframePage') },
  { path: '/book/station/:stationUuid/locker/:height/:type/:temperature/timeframe/:start/:end', page: 'bookTimeframe', access: 'user', layout: 'app', load: () => import('@/pages/book/BookTimeframePage') },
  { path: '/book/:orderUuid', page: 'bookOrder', access: 'user', layout: 'app', load: () => import('@/pages/book/BookOrderPage') },
  { path: '/book/:orderUuid/confirm', page: 'bookConfirm', access: 'user', layout: 'app', load: () => import('@/pages/book/BookConfirmPage') },
  { path: '/book/:orderUuid/done', page: 'bookDone', access: 'user', layout: 'app', load: () => import('@/pages/book/BookDonePage') },
  { path: '/book/:orderUuid/method', page: 'bookMethod', access: 'user', layout: 'app', load: () => import('@/pages/book/BookMethodPage') },
  { path: '/book/:orderUuid/payments', page: 'bookPayments', access: 'user', layout: 'app', load: () => import('@/pages/book/BookPaymentsPage') },
  { path: '/book/:orderUuid/payments/add', page: 'bookPaymentAdd', access: 'user', layout: 'app', load: () => import('@/pages/book/BookPaymentAddPage') },
  { path: '/book/:orderUuid/payments/:paymentMethodUuid', page: 'bookPayment', access: 'user', layout: 'app', load: () => import('@/pages/book/BookPaymentPage') },
  { path: '/book/:orderUuid/payments/:paymentMethodUuid/prepare', page: 'bookPaymentPrepare', access: 'user', layout: 'app', load: () => import('@/pages/book/BookPaymentPreparePage') },
  { path: '/book/:orderUuid/payments/:paymentMethodUuid/done', page: 'bookPaymentDone', access: 'user', layout: 'app', load: () => import('@/pages/book/BookPaymentDonePage') },
  { path: '/book/:orderUuid/prepare', page: 'bookPrepare', access: 'user', layout: 'app', load: () => import('@/pages/book/BookPreparePage') },
  { path: '/orders', page: 'orders', access: 'user', layout: 'app', load: () => import('@/pages/orders/OrdersPage') },
  { path: '/orders/active', page: 'ordersActive', access: 'user', layout: 'app', load: () => import('@/pages/orders/OrdersActivePage') },
  { path: '/orders/history', page: 'ordersHistory', access: 'user', layout: 'app', load: () => import('@/pages/orders/OrdersHistoryPage') },
  { path: '/history', page: 'history', access: 'user', layout: 'app', load: () => import('@/pages/orders/HistoryPage') },
  { path: '/notifications', page: 'notifications', access: 'user', layout: 'app', load: () => import('@/pages/orders/NotificationsPage') },
  { path: '/order/:orderUuid/:orderLockerUuid', page: 'orderLocker', access: 'user', layout: 'app', load: () => import('@/pages/order/OrderLockerPage') },
  { path: '/order/history/:orderUuid/:orderLockerUuid', page: 'orderHistoryLocker', access: 'user', layout: 'app', load: () => import('@/pages/order/OrderHistoryLockerPage') },
  { path: '/order/:orderUuid/:orderLockerUuid/one-off', page: 'orderOneOff', access: 'user', layout: 'app', load: () => import('@/pages/order/OrderOneOffPage') },
  { path: '/order/:orderUuid/:orderLockerUuid/extend', page: 'orderExtend', access: 'user', layout: 'app', load: () => import('@/pages/order/OrderExtendPage') },
  { path: '/order/:orderUuid/:orderLockerUuid/open', page: 'orderOpen', access: 'user', layout: 'app', load: () => import('@/pages/order/OrderOpenPage') },
  { path: '/order/:orderUuid/payment', page: 'orderPayment', access: 'user', layout: 'app', load: () => import('@/pages/order/OrderPaymentPage') },
  { path: '/profile', page: 'profile', access: 'user', layout: 'app', load: () => import('@/pages/profile/ProfilePage') },
  { path: '/profile/personal', page: 'profilePersonal', access: 'user', layout: 'app', load: () => import('@/pages/profile/ProfilePersonalPage') },
  { path: '/profile/personal/name', page: 'profileName', access: 'user', layout: 'app', load: () => import('@/pages/profile/ProfileNamePage') },
  { path: '/profile/personal/phone', page: 'profilePhone', access: 'user', layout: 'app', load: () => import('@/pages/profile/ProfilePhonePage') },
  { path: '/profile/personal/phone/verify/:prefix/:phone', page: 'profilePhoneVerify', access: 'user', layout: 'app', load: () => import('@/pages/profile/ProfilePhoneVerifyPage') },
  { path: '/profile/station', page: 'profileStation', access: 'user', layout: 'app', load: () => import('@/pages/profile/ProfileStationPage') },
  { path: '/profile/language', page: 'profileLanguage', access: 'user', layout: 'app', load: () => import('@/pages/profile/ProfileLanguagePage') },
  { path: '/profile/delete', page: 'profileDelete', access: 'user', layout: 'app', load: () => import('@/pages/profile/ProfileDeletePage') },
  { path: '/guide', page: 'guide', access: 'public', layout: 'app', load: () => import('@/pages/help/GuidePage') },
  { path: '/help', page: 'help', access: 'public', layout: 'app', load: () => import('@/pages/help/HelpPage') },
  { path: '/help/list/*', page: 'helpList', access: 'public', layout: 'app', load: () => import('@/pages/help/HelpListPage') },
  { path: '/help/content/*', page: 'helpContent', access: 'public', layout: 'app', load: () => import('@/pages/help/HelpContentPage') },
  { path: '/help/not-found', page: 'helpNotFound', access: 'public', layout: 'app', load: () => import('@/pages/help/HelpNotFoundPage') },
  { path: '/issues', page: 'issues', access: 'user', layout: 'app', load: () => import('@/pages/other/IssuesPage') },
  { path: '/about', page: 'about', access: 'public', layout: 'app', load: () => import('@/pages/other/AboutPage') },
  { path: '/payment/methods', page: 'paymentMethods', access: 'user', layout: 'app', load: () => import('@/pages/other/PaymentMethodsPage') },
  { path: '/coupons', page: 'coupons', access: 'user', layout: 'app', load: () => import('@/pages/other/CouponsPage') },
  { path: '/products', page: 'products', access: 'user', layout: 'app', load: () => import('@/pages/other/ProductsPage') },
  { path: '/callback/payment/:status', page: 'callbackPayment', access: 'public', layout: 'plain', load: () => import('@/pages/callback/CallbackPaymentPage') },
  { path: '/callback/order-payment/:status', page: 'callbackOrderPayment', access: 'public', layout: 'plain', load: () => import('@/pages/callback/CallbackOrderPaymentPage') },
  { path: '/callback/method/:status', page: 'callbackMethod', access: 'public', layout: 'plain', load: () => import('@/pages/callback/CallbackMethodPage') },
  { path: '/admin', page: 'admin', access: 'admin', layout: 'app', load: () => import('@/pages/admin/AdminPage') },
  { path: '/admin/users', page: 'adminUsers', access: 'admin', layout: 'app', load: () => import('@/pages/admin/AdminUsersPage') },
  { path: '/admin/orders', page: 'adminOrders', access: 'admin', layout: 'app', load: () => import('@/pages/admin/AdminOrdersPage') },
  { path: '/admin/reserved', page: 'adminReserved', access: 'admin', layout: 'app', load: () => import('@/pages/admin/AdminReservedPage') },
  { path: '/admin/stations', page: 'adminStations', access: 'admin', layout: 'app', load: () => import('@/pages/admin/AdminStationsPage') },
  { path: '/admin/events', page: 'adminEvents', access: 'admin', layout: 'app', load: () => import('@/pages/admin/AdminEventsPage') },
  { path: '/admin/issues', page: 'adminIssues', access: 'admin', layout: 'app', load: () => import('@/pages/admin/AdminIssuesPage') },
  { path: '/admin/coupons', page: 'adminCoupons', access: 'admin', layout: 'app', load: () => import('@/pages/admin/AdminCouponsPage') },
  { path: '/admin/statistics', page: 'adminStatistics', access: 'admin', layout: 'app', load: () => import('@/pages/admin/AdminStatisticsPage') },
  { path: '/update', page: 'update', access: 'public', layout: 'plain', load: () => import('@/pages/other/UpdatePage') },
  { path: '*', page: 'notFound', access: 'public', layout: 'app', load: () => import('@/pages/other/NotFoundPage') },
];

// Texts of the notifications screen (/notifications), the menu's unread badge
// and the notification channels in the profile.
const notifications = {
  intro: 'What happened to your rentals: bookings, payments, reminders and answers to your reports.',
  unread_one: '{{count}} unread',
  unread_other: '{{count}} unread',
  badge_one: '{{count}} unread notification',
  badge_other: '{{count}} unread notifications',
  readAll: 'Mark all as read',
  markRead: 'Mark as read',
  allRead: 'All notifications are marked as read.',
  new: 'New',
  empty: 'No notifications yet. We will tell you here when your booking is confirmed and before your rental starts and ends.',
  more: 'Show older',
  openOrder: 'See your orders',
  failed: 'That did not work. Please try again.',
  settings: {
    title: 'Notifications',
    intro: 'You always see every notification in the app. Choose how else we tell you.',
    push: 'Push notifications',
    pushHint: 'On the phones where you use the app',
    email: 'E-mail',
    emailHint: 'To your account’s address',
    sms: 'Text message (SMS)',
    smsHint: 'To your verified phone number',
    saved: 'Notification settings saved.',
  },
};

export type NotificationsTranslation = typeof notifications;
export default notifications;

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
  openOrder: 'Open the order',
  failed: 'That did not work. Please try again.',
  // The order page's history of what was changed for the customer (issue 42).
  orderChanges: 'Changes to this order',
  // The texts of each kind, worded when read (issue 28); the server's e-mails, push and
  // SMS say the same (internal/notify/texts.go). Times are in the station's zone.
  kinds: {
    booking_confirmed: { title: 'Booking confirmed', body: 'Your locker at {{station}} is booked from {{start}} to {{end}}.' },
    payment_failed: {
      title: 'Payment declined',
      body: 'The payment for your booking at {{station}} was declined and no money was taken. The locker is not held for you any more; you can book again.',
    },
    payment_failed_held: {
      title: 'Payment declined',
      body: 'The payment for your booking at {{station}} was declined and no money was taken. The locker is held for you until {{until}}: pay with another card or a link before then.',
    },
    payment_failed_extension: {
      title: 'Extension not paid',
      body: 'The payment for extending your rental at {{station}} was declined and no money was taken. Your rental still ends at {{end}}.',
    },
    starts_soon: { title: 'Your rental starts in an hour', body: 'Your locker at {{station}} is yours from {{start}}.' },
    ends_soon: { title: 'Your rental ends in an hour', body: 'Please collect your things from {{station}} by {{end}}, or extend the rental.' },
    ended: { title: 'Your rental has ended', body: 'Your rental at {{station}} ended at {{end}}. Thank you!' },
    door_left_open: { title: 'A door was left open', body: 'The door of locker {{locker}} at {{station}} is open. Please close it.' },
    unexpected_door_opening: {
      title: "Your locker's door opened unexpectedly",
      body: 'The door of locker {{locker}} at {{station}} opened without an order from the app or a code. If it was not you, please check your things and tell us through Help.',
    },
    refund_made: { title: 'Money refunded', body: 'We refunded {{amount}} for your booking at {{station}}.' },
    refund_made_reason: {
      title: 'Money refunded',
      body: 'Our staff refunded {{amount}} for your booking at {{station}}. Reason: {{reason}}',
    },
    issue_answered: { title: 'Your report was answered', body: '{{answer}}' },
    locker_moved: {
      title: 'Your locker has changed',
      body: 'Your booking at {{station}} from {{start}} is now in locker {{locker}}: the one booked first is out of service. Your codes stay the same.',
    },
    locker_moved_ended: {
      title: 'Your booking was cancelled',
      body: 'Your booking at {{station}} from {{start}} was cancelled: its locker is out of service and no other of its kind is free then. Your free order is yours to use again.',
    },
    order_deleted: {
      title: 'Your booking was deleted',
      body: 'Our staff deleted your booking at {{station}} from {{start}} to {{end}}. No money is kept for it.',
    },
    extension_offered: {
      title: 'An extension waits for your payment',
      body: 'Our staff extended your rental at {{station}} to {{end}} for {{amount}}. Pay for it in the app by {{until}}; otherwise the extension lapses and your rental ends as before.',
    },
    extension_lapsed: {
      title: 'The extension lapsed',
      body: 'The extension of your rental at {{station}} for {{amount}} was not paid by {{until}}, so it lapsed and no money was taken. Your rental ends at {{end}} as before.',
    },
    payment_returned: {
      title: 'A second payment was refunded',
      body: 'Your booking at {{station}} was already paid, so the {{amount}} that came later (from a payment link) was refunded to where it came from.',
    },
    extension_paid: {
      title: 'Rental extended',
      body: 'You paid {{amount}} to extend your rental at {{station}}. It now ends at {{end}}.',
    },
  },
  settings: {
    title: 'Notifications',
    intro: 'You always see every notification in the app. Choose how else we tell you.',
    push: 'Push notifications',
    pushHint: 'On the phones where you use the app',
    email: 'E-mail',
    emailHint: 'To your account’s address',
    sms: 'Text message (SMS)',
    smsHint: 'To your verified phone number',
    smsNeedsPhone: 'Text messages need a verified phone number.',
    verifyPhone: 'Verify your phone',
    saved: 'Notification settings saved.',
  },
};

export type NotificationsTranslation = typeof notifications;
export default notifications;

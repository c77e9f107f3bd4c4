// The one table of status words (issue 28): the spec's words (docs/spec.md §4) for
// orders, order lockers, cards, payments, invoices and credit notes. Every screen
// takes them from here through lib/status-words.ts; the server's PDFs, e-mails and
// notifications use the same words (internal/statuswords). A status word written
// anywhere else fails src/lib/status-words.test.ts.
const status = {
  order: {
    reserved: 'Reserved',
    unfinished: 'Unfinished',
    unpaid: 'Unpaid',
    processing: 'Processing',
    booked: 'Booked',
    'booked-not-started': 'Booked, not started',
    active: 'Active',
    extended: 'Extended',
    expired: 'Expired',
    finalized: 'Finalized',
    cancelled: 'Cancelled',
    refunded: 'Refunded',
    failed: 'Failed',
    deleted: 'Deleted',
    delivered: 'Delivered',
    picked: 'Picked',
    opened: 'Opened',
    valid: 'Valid',
  },
  orderMeaning: {
    reserved: 'Held for you for 15 minutes while you confirm.',
    unfinished: 'The booking was not confirmed in time.',
    unpaid: 'Pay via the link to complete the booking.',
    processing: 'The payment is being processed. This updates automatically.',
    booked: 'Waiting for delivery: use the delivery code.',
    'booked-not-started': 'The locker is yours from the start time.',
    active: 'Your time is running. Use your codes at the station.',
    extended: 'The booking was extended.',
    expired: 'The booked time is over.',
    finalized: 'The order is closed.',
    cancelled: 'No locker is held for you any more. You can book again.',
    refunded: 'The order was cancelled and the payment refunded.',
    failed: 'The payment failed.',
    deleted: 'The order was removed by the operator.',
    delivered: 'Waiting for picking: use the picking code.',
    picked: 'The locker stays available until the order expires.',
    opened: 'The locker has been opened at least once.',
    valid: 'The order is valid.',
  },
  card: {
    initial: 'Unfinished',
    processing: 'Processing',
    valid: 'Valid',
    settled: 'Settled',
    active: 'Active',
    failed: 'Failed',
  },
  cardMeaning: {
    initial: 'Adding this card was not finished on the payment provider’s page.',
    processing: 'The payment provider is checking the card. This updates automatically.',
    valid: 'Saved and ready to pay with.',
    settled: 'Saved; a payment with it went through.',
    active: 'Your default card: one tap pays with it.',
    failed: 'The card could not be saved. You can try again.',
  },
  // An order's payment, in the order's words: unpaid until it is paid, failed when declined.
  payment: {
    pending: 'Unpaid',
    processing: 'Processing',
    paid: 'Paid',
    failed: 'Failed',
    refunded: 'Refunded',
    expired: 'Expired',
  },
  invoice: {
    created: 'Created',
    paid: 'Paid',
    settled: 'Settled',
    cancelled: 'Cancelled',
  },
  // A credit note's money went back: paid or settled, it is refunded.
  creditNote: {
    created: 'Created',
    paid: 'Refunded',
    settled: 'Refunded',
    cancelled: 'Cancelled',
  },
};

export type StatusTranslation = typeof status;
export default status;

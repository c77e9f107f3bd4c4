// The status namespace: the one table of status words (../status-words.json: the
// spec's words, docs/spec.md §4, for orders, order lockers, cards, payments,
// invoices and credit notes, which the server's PDFs, e-mails and notifications
// read too, through internal/statuswords) and what each state means, for the
// screens alone. Every screen takes them through lib/status-words.ts. A status
// word written anywhere else fails src/lib/status-words.test.ts.
import words from '../status-words.json';

const status = {
  ...words.en,
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
  cardMeaning: {
    initial: 'Adding this card was not finished on the payment provider’s page.',
    processing: 'The payment provider is checking the card. This updates automatically.',
    valid: 'Saved; no payment has been made with it yet.',
    settled: 'Saved; a payment with it went through.',
    active: 'Your default card: one tap pays with it.',
    failed: 'The card could not be saved. You can try again.',
  },
};

export type StatusTranslation = typeof status;
export default status;

// Texts of invoices and credit notes, on an order and in the history.
const invoice = {
  title: 'Invoices',
  empty: 'No invoices yet. An invoice appears here for every payment you make.',
  bookFirst: 'Book a locker',
  issuing: 'The invoice is being issued…',
  credits: 'credits {{number}}',
  pdfOf: 'Download {{kind}} {{number}} as PDF',
  kind: {
    invoice: 'Invoice',
    credit_note: 'Credit note',
  },
};

export type InvoiceTranslation = typeof invoice;
export default invoice;

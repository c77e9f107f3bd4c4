import type { InvoiceTranslation } from '../en/invoice';

const invoice: InvoiceTranslation = {
  title: 'Arved',
  empty: 'Arveid veel ei ole. Iga tehtud makse kohta ilmub siia arve.',
  bookFirst: 'Broneeri kapp',
  issuing: 'Arvet koostatakse…',
  credits: 'krediteerib arvet {{number}}',
  pdfOf: 'Laadi alla {{kind}} {{number}} PDF-failina',
  kind: {
    invoice: 'Arve',
    credit_note: 'Kreeditarve',
  },
};

export default invoice;

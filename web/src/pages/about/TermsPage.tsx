import { toLanguage, useTranslation } from '@/i18n';
import { LegalDocument, type LegalText } from './legal-document';

const en: LegalText = {
  updated: 'Last updated 25 November 2026',
  lead: 'These terms apply when you create a Lockers account and rent a smart locker at one of our stations. By creating an account you accept them.',
  sections: [
    {
      title: 'Your account',
      paragraphs: [
        'You need a verified e-mail address to create an account. Keep your password and your access codes to yourself: anyone with a code can open the locker it belongs to.',
        'You may delete your account at any time under Account settings. Orders and invoices are kept without your personal data where accounting law requires it.',
      ],
    },
    {
      title: 'Booking a locker',
      paragraphs: [
        'A booking is for one locker of the chosen size and temperature at one station, from its start to its end in the station’s time zone. A booking lasts at most 31 days. A start in the past begins at the moment you book.',
        'A reservation is held for 15 minutes while you confirm and pay. If it is not confirmed in time, the locker is released.',
        'The locker is yours for the booked time only. Anything left after the end may be removed by the operator.',
      ],
    },
    {
      title: 'Prices and payment',
      paragraphs: [
        'Prices include VAT and are shown before you confirm. Every full 24 hours cost the daily rate; the rest costs the hourly rate per started hour, never more than one daily rate.',
        'Promotions such as free orders are used automatically when you book. Payments are handled by our payment provider; we do not store your card number.',
      ],
    },
    {
      title: 'Extending and cancelling',
      paragraphs: [
        'You can extend a booking while it lasts, if the locker is free for the extra time. The extension costs the difference in price.',
        'A paid order cancelled within 15 minutes of booking is refunded in full. An order cancelled later is not refunded. A free order cancelled before it starts gives the free order back.',
      ],
    },
    {
      title: 'What may be stored',
      paragraphs: [
        'Do not store dangerous, illegal or perishable goods in a room-temperature locker, nor live animals, cash or weapons. The operator may open a locker in an emergency or when the law requires it.',
      ],
    },
    {
      title: 'Liability and contact',
      paragraphs: [
        'We keep the stations working and secure, but we are not liable for the value of what you store beyond what the law requires. Report a fault at a station through Help in the app; we answer within one working day.',
      ],
    },
  ],
};

const et: LegalText = {
  updated: 'Viimati uuendatud 25. novembril 2026',
  lead: 'Need tingimused kehtivad, kui lood Lockersi konto ja rendid mõnes meie jaamas nutika kapi. Konto luues nõustud nendega.',
  sections: [
    {
      title: 'Sinu konto',
      paragraphs: [
        'Konto loomiseks on vaja kinnitatud e-posti aadressi. Hoia oma parool ja ligipääsukoodid enda teada: igaüks, kellel on kood, saab vastava kapi avada.',
        'Võid oma konto igal ajal kustutada konto seadetes. Tellimused ja arved säilitatakse ilma sinu isikuandmeteta, kui raamatupidamisseadus seda nõuab.',
      ],
    },
    {
      title: 'Kapi broneerimine',
      paragraphs: [
        'Broneering on ühele valitud suuruse ja temperatuuriga kapile ühes jaamas, algusest lõpuni jaama ajavööndis. Broneering kestab kõige rohkem 31 päeva. Minevikus olev algus algab broneerimise hetkel.',
        'Reserveeringut hoitakse kinnitamiseks ja maksmiseks 15 minutit. Kui seda selle ajaga ei kinnitata, vabastatakse kapp.',
        'Kapp on sinu kasutuses ainult broneeritud ajal. Pärast lõppu kappi jäetud asjad võib haldaja eemaldada.',
      ],
    },
    {
      title: 'Hinnad ja maksmine',
      paragraphs: [
        'Hinnad sisaldavad käibemaksu ja neid näidatakse enne kinnitamist. Iga täis 24 tundi maksab päevahinna; ülejäänu eest makstakse tunnihinda iga alustatud tunni eest, kuid mitte rohkem kui üks päevahind.',
        'Sooduskampaaniad, näiteks tasuta tellimused, kasutatakse broneerimisel automaatselt. Makseid töötleb meie makseteenuse pakkuja; me ei salvesta sinu kaardinumbrit.',
      ],
    },
    {
      title: 'Pikendamine ja tühistamine',
      paragraphs: [
        'Broneeringut saab selle kestel pikendada, kui kapp on lisaajaks vaba. Pikendus maksab hinnavahe.',
        'Makstud tellimus, mis tühistatakse 15 minuti jooksul pärast broneerimist, hüvitatakse täielikult. Hiljem tühistatud tellimust ei hüvitata. Tasuta tellimuse tühistamisel enne algust saad tasuta tellimuse tagasi.',
      ],
    },
    {
      title: 'Mida tohib hoiustada',
      paragraphs: [
        'Ära hoiusta toatemperatuuriga kapis ohtlikke, ebaseaduslikke ega kiiresti riknevaid kaupu, samuti elusloomi, sularaha ega relvi. Haldaja võib kapi avada hädaolukorras või kui seadus seda nõuab.',
      ],
    },
    {
      title: 'Vastutus ja kontakt',
      paragraphs: [
        'Hoiame jaamad töökorras ja turvalised, kuid ei vastuta hoiustatud asjade väärtuse eest rohkem, kui seadus nõuab. Teata jaama rikkest rakenduse abi kaudu; vastame ühe tööpäeva jooksul.',
      ],
    },
  ],
};

/** /terms — the terms of use, linked from registration and confirmation (EN and ET). */
export default function TermsPage() {
  const { i18n } = useTranslation();
  return <LegalDocument page="terms" text={toLanguage(i18n.language) === 'et' ? et : en} />;
}

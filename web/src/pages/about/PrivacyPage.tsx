import { toLanguage, useTranslation } from '@/i18n';
import { LegalDocument, type LegalText } from './legal-document';

const en: LegalText = {
  updated: 'Last updated 25 November 2026',
  lead: 'This policy says which personal data Lockers keeps about you, why, for how long, and what you can do about it.',
  sections: [
    {
      title: 'What we keep',
      paragraphs: [
        'Your e-mail address, name, phone number (if you add one), language and default station; your orders with their times, stations, access codes and payments; the devices you sign in from; and the messages you send us.',
      ],
    },
    {
      title: 'Why',
      paragraphs: [
        'To run your account and your bookings, to open the right locker with your codes, to take payments and issue invoices, to send you codes and booking messages by e-mail or SMS, and to keep the service secure.',
      ],
    },
    {
      title: 'Who else sees it',
      paragraphs: [
        'The payment provider receives what a payment needs; the e-mail and SMS services receive your address or number and the message. We do not sell your data or use it for advertising.',
      ],
    },
    {
      title: 'How long',
      paragraphs: [
        'As long as you have an account. When you delete it, your personal data is erased; invoices and orders are kept without it for as long as accounting law requires (seven years in Estonia).',
      ],
    },
    {
      title: 'Your rights',
      paragraphs: [
        'You can see and change your details under Account settings and delete your account there. You may ask for a copy of your data or complain to the Estonian Data Protection Inspectorate.',
      ],
    },
  ],
};

const et: LegalText = {
  updated: 'Viimati uuendatud 25. novembril 2026',
  lead: 'See põhimõte ütleb, milliseid sinu isikuandmeid Lockers hoiab, miks, kui kaua ja mida saad sina nendega teha.',
  sections: [
    {
      title: 'Mida me hoiame',
      paragraphs: [
        'Sinu e-posti aadressi, nime, telefoninumbrit (kui selle lisad), keelt ja vaikimisi jaama; sinu tellimusi koos aegade, jaamade, ligipääsukoodide ja maksetega; seadmeid, millest sisse logid; ning sõnumeid, mille meile saadad.',
      ],
    },
    {
      title: 'Miks',
      paragraphs: [
        'Et pidada sinu kontot ja broneeringuid, avada sinu koodidega õige kapp, võtta vastu makseid ja väljastada arveid, saata sulle koode ja broneeringusõnumeid e-posti või SMS-i teel ning hoida teenus turvaline.',
      ],
    },
    {
      title: 'Kes veel neid näeb',
      paragraphs: [
        'Makseteenuse pakkuja saab makseks vajalikud andmed; e-posti ja SMS-i teenused saavad sinu aadressi või numbri ja sõnumi. Me ei müü sinu andmeid ega kasuta neid reklaamiks.',
      ],
    },
    {
      title: 'Kui kaua',
      paragraphs: [
        'Nii kaua, kuni sul on konto. Konto kustutamisel kustutatakse sinu isikuandmed; arved ja tellimused säilitatakse ilma nendeta nii kaua, kui raamatupidamisseadus nõuab (Eestis seitse aastat).',
      ],
    },
    {
      title: 'Sinu õigused',
      paragraphs: [
        'Saad oma andmeid vaadata ja muuta konto seadetes ning seal ka konto kustutada. Võid küsida oma andmete koopiat või esitada kaebuse Andmekaitse Inspektsioonile.',
      ],
    },
  ],
};

/** /privacy — the privacy policy, linked from registration (EN and ET). */
export default function PrivacyPage() {
  const { i18n } = useTranslation();
  return <LegalDocument page="privacy" text={toLanguage(i18n.language) === 'et' ? et : en} />;
}

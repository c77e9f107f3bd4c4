import type { NotificationsTranslation } from '../en/notifications';

const notifications: NotificationsTranslation = {
  intro: 'Mis sinu rentidega juhtus: broneeringud, maksed, meeldetuletused ja vastused sinu teadetele.',
  unread_one: '{{count}} lugemata',
  unread_other: '{{count}} lugemata',
  badge_one: '{{count}} lugemata teavitus',
  badge_other: '{{count}} lugemata teavitust',
  readAll: 'Märgi kõik loetuks',
  markRead: 'Märgi loetuks',
  allRead: 'Kõik teavitused on märgitud loetuks.',
  new: 'Uus',
  empty: 'Teavitusi veel pole. Anname siin teada, kui sinu broneering on kinnitatud ning enne rendi algust ja lõppu.',
  more: 'Näita vanemaid',
  openOrder: 'Vaata tellimusi',
  failed: 'See ei õnnestunud. Palun proovi uuesti.',
  settings: {
    title: 'Teavitused',
    intro: 'Rakenduses näed alati kõiki teavitusi. Vali, kuidas me sulle veel teada anname.',
    push: 'Tõuketeavitused',
    pushHint: 'Telefonides, kus rakendust kasutad',
    email: 'E-post',
    emailHint: 'Sinu konto aadressile',
    sms: 'Tekstisõnum (SMS)',
    smsHint: 'Sinu kinnitatud telefoninumbrile',
    saved: 'Teavituste seaded on salvestatud.',
  },
};

export default notifications;

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
  openOrder: 'Ava tellimus',
  failed: 'See ei õnnestunud. Palun proovi uuesti.',
  // Tellimuse lehe ajalugu: mida kliendi jaoks muudeti (issue 42).
  orderChanges: 'Selle tellimuse muudatused',
  kinds: {
    booking_confirmed: { title: 'Broneering kinnitatud', body: 'Sinu kapp asukohas {{station}} on broneeritud ajavahemikuks {{start}} – {{end}}.' },
    payment_failed: {
      title: 'Makse lükati tagasi',
      body: 'Sinu broneeringu ({{station}}) makse lükati tagasi ja raha ei võetud. Kappi sinu jaoks enam ei hoita; saad uuesti broneerida.',
    },
    payment_failed_held: {
      title: 'Makse lükati tagasi',
      body: 'Sinu broneeringu ({{station}}) makse lükati tagasi ja raha ei võetud. Kapp on sinu jaoks hoitud kuni {{until}}: maksa enne seda teise kaardi või lingiga.',
    },
    payment_failed_extension: {
      title: 'Pikendus jäi maksmata',
      body: 'Sinu rendi pikendamise ({{station}}) makse lükati tagasi ja raha ei võetud. Sinu rent lõpeb endiselt {{end}}.',
    },
    starts_soon: { title: 'Sinu rent algab tunni aja pärast', body: 'Sinu kapp asukohas {{station}} on sinu kasutuses alates {{start}}.' },
    ends_soon: { title: 'Sinu rent lõpeb tunni aja pärast', body: 'Palun võta oma asjad asukohast {{station}} ära hiljemalt {{end}} või pikenda renti.' },
    ended: { title: 'Sinu rent on lõppenud', body: 'Sinu rent asukohas {{station}} lõppes {{end}}. Aitäh!' },
    door_left_open: { title: 'Uks jäi lahti', body: 'Kapi {{locker}} uks asukohas {{station}} on lahti. Palun sulge see.' },
    unexpected_door_opening: {
      title: 'Sinu kapi uks avanes ootamatult',
      body: 'Kapi {{locker}} uks asukohas {{station}} avanes ilma rakenduse või koodi korralduseta. Kui see polnud sina, kontrolli palun oma asju ja anna meile teada abikeskuse kaudu.',
    },
    refund_made: { title: 'Raha tagastatud', body: 'Tagastasime sinu broneeringu ({{station}}) eest {{amount}}.' },
    refund_made_reason: {
      title: 'Raha tagastatud',
      body: 'Meie töötaja tagastas sinu broneeringu ({{station}}) eest {{amount}}. Põhjus: {{reason}}',
    },
    issue_answered: { title: 'Sinu teatele vastati', body: '{{answer}}' },
    locker_moved: {
      title: 'Sinu kapp vahetus',
      body: 'Sinu broneering asukohas {{station}} alates {{start}} on nüüd kapis {{locker}}: algselt broneeritud kapp on kasutusest väljas. Sinu koodid jäävad samaks.',
    },
    locker_moved_ended: {
      title: 'Sinu broneering tühistati',
      body: 'Sinu broneering asukohas {{station}} alates {{start}} tühistati: selle kapp on kasutusest väljas ja teist samasugust kappi pole sel ajal vaba. Tasuta tellimus on sul uuesti kasutada.',
    },
    order_deleted: {
      title: 'Sinu broneering kustutati',
      body: 'Meie töötaja kustutas sinu broneeringu asukohas {{station}} ajavahemikuks {{start}} – {{end}}. Selle eest ei jää meile raha.',
    },
    extension_offered: {
      title: 'Pikendus ootab sinu makset',
      body: 'Meie töötaja pikendas sinu renti asukohas {{station}} kuni {{end}} hinnaga {{amount}}. Maksa see rakenduses hiljemalt {{until}}; muidu pikendus aegub ja sinu rent lõpeb nagu enne.',
    },
    extension_lapsed: {
      title: 'Pikendus aegus',
      body: 'Sinu rendi pikendust asukohas {{station}} hinnaga {{amount}} ei makstud tähtajaks ({{until}}), seega see aegus ja raha ei võetud. Sinu rent lõpeb nagu enne: {{end}}.',
    },
    payment_returned: {
      title: 'Teine makse tagastati',
      body: 'Sinu broneering asukohas {{station}} oli juba makstud, seega hiljem (makselingiga) tulnud {{amount}} tagastati sinna, kust see tuli.',
    },
    extension_paid: {
      title: 'Rent pikendatud',
      body: 'Maksid {{amount}} rendi pikendamise eest asukohas {{station}}. Rent lõpeb nüüd {{end}}.',
    },
  },
  settings: {
    title: 'Teavitused',
    intro: 'Rakenduses näed alati kõiki teavitusi. Vali, kuidas me sulle veel teada anname.',
    push: 'Tõuketeavitused',
    pushHint: 'Telefonides, kus rakendust kasutad',
    email: 'E-post',
    emailHint: 'Sinu konto aadressile',
    sms: 'Tekstisõnum (SMS)',
    smsHint: 'Sinu kinnitatud telefoninumbrile',
    smsNeedsPhone: 'Tekstisõnumite jaoks on vaja kinnitatud telefoninumbrit.',
    verifyPhone: 'Kinnita oma telefon',
    saved: 'Teavituste seaded on salvestatud.',
  },
};

export default notifications;

import type { HelpTranslation } from '../en/help';

const help: HelpTranslation = {
  intro: 'Vastused levinud küsimustele rentimise, maksmise ja kapi avamise kohta.',
  topics: 'Teemad',
  breadcrumbs: 'Sa oled siin',
  home: 'Abi',
  sectionEmpty: 'Selles jaotises pole veel midagi. Kui sul on küsimus, küsi meilt ja me vastame sulle rakenduses.',
  articles: 'Artiklid',
  sections: 'Jaotised',
  updated: 'Uuendatud {{date}}',
  search: {
    label: 'Otsi abist',
    placeholder: 'nt uks, tagastus, arve',
    submit: 'Otsi',
    results: 'Tulemused päringule „{{query}}“',
    none: 'Päringule „{{query}}“ ei leitud midagi. Proovi mõnda muud sõna või sirvi allolevaid teemasid.',
    clear: 'Tühjenda otsing',
    tooLong: 'Otsing on liiga pikk.',
  },
  guideLink: 'Oled siin esimest korda? Vaata samm-sammult, kuidas rentimine käib.',
  guide: {
    intro: 'Kapi rentimine võtab paar minutit. Siin on kogu tee broneerimisest kuni asja kättesaamiseni.',
    step: '{{n}}. samm',
    steps: {
      choose: {
        title: 'Vali jaam ja kapp',
        body: 'Vali lähedal asuv jaam, väike või suur kapp ning jahe, tavaline või soe. Seejärel vali, millal rent algab ja lõpeb.',
      },
      pay: {
        title: 'Kinnita ja maksa',
        body: 'Kappi hoitakse sinu jaoks 15 minutit, kuni maksad salvestatud kaardi või makselingiga. Sinu kolm esimest tellimust on tasuta.',
      },
      codes: {
        title: 'Saa oma koodid',
        body: 'Igal kapil on sissepaneku kood asjade kappi panemiseks ja väljavõtmise kood nende võtmiseks. Jaga neid kulleri, poe või sõbraga.',
      },
      open: {
        title: 'Ava uks',
        body: 'Sisesta jaamas kood klaviatuuril või vajuta rakenduses Ava. Uks on umbes minuti lukust lahti.',
      },
      finish: {
        title: 'Pikenda või lõpeta',
        body: 'Vajad rohkem aega? Pikenda renti, kui kapp on vaba. Kui aeg saab täis, vabastatakse kapp; arve leiad rakendusest.',
      },
    },
    bookNow: 'Broneeri kapp',
    moreHelp: 'Veel küsimusi? Vaata abikeskust',
  },
  reports: {
    intro: 'Kas kapi või rakendusega on midagi valesti? Anna meile teada ja me vastame sulle siin.',
    new: 'Teata probleemist',
    aboutLocker: 'Kapp {{label}}, {{station}}',
    category: 'Mis on valesti?',
    categories: {
      door_wont_open: 'Uks ei avane',
      dirty: 'Kapp on must',
      damaged: 'Midagi on katki',
      temperature: 'Temperatuur on vale',
      other: 'Midagi muud',
    },
    text: 'Kirjelda probleemi',
    textHint: 'Mis juhtus ja millal? Kuni {{max}} tähemärki.',
    photo: 'Foto',
    optional: 'valikuline',
    photoHint: 'JPEG- või PNG-pilt, kuni 5 MB.',
    send: 'Saada teade',
    sent: 'Aitäh! Sinu teade on saadetud. Selle käekäiku näed jaotises „Minu teated“.',
    follow: 'Vaata minu teateid',
    mine: 'Minu teated',
    none: 'Sa ei ole veel ühestki probleemist teatanud. Kui kapi, ukse või maksega läheb midagi valesti, anna meile ülaloleva vormiga teada.',
    photoAlt: 'Teatele lisatud foto',
    photoFailed: 'Fotot ei õnnestunud laadida.',
    answers: 'Vastused',
    noAnswer: 'Vastust veel ei ole: vastame sulle siin.',
    sentAt: 'Saadetud {{date}}',
    where: '{{station}}, kapp {{label}}',
    states: { open: 'Avatud', in_progress: 'Töös', resolved: 'Lahendatud' },
    errors: {
      category: 'Vali, mis on valesti.',
      text: 'Kirjelda probleemi.',
      photo: 'See fail ei ole kuni 5 MB suurune JPEG- või PNG-pilt.',
      locker: 'See kapp ei ole sinu oma.',
      failed: 'Teadet ei õnnestunud saata. Proovi uuesti.',
    },
  },
};

export default help;

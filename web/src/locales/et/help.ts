import type { HelpTranslation } from '../en/help';

const help: HelpTranslation = {
  intro: 'Vastused levinud küsimustele rentimise, maksmise ja kapi avamise kohta.',
  topics: 'Teemad',
  breadcrumbs: 'Sa oled siin',
  home: 'Abi',
  sectionEmpty: 'Selles jaotises pole veel midagi.',
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
};

export default help;

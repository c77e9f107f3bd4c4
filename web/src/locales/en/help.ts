// Texts of the help centre (/help, /help/list/*, /help/content/*) and the guide (/guide).
const help = {
  intro: 'Answers to common questions about renting, paying and opening your locker.',
  topics: 'Topics',
  breadcrumbs: 'You are here',
  home: 'Help',
  sectionEmpty: 'There is nothing in this section yet. If you have a question, ask us and we will answer you in the app.',
  articles: 'Articles',
  sections: 'Sections',
  updated: 'Updated {{date}}',
  search: {
    label: 'Search help',
    placeholder: 'e.g. door, refund, invoice',
    submit: 'Search',
    results: 'Results for “{{query}}”',
    none: 'Nothing matches “{{query}}”. Try another word, or browse the topics below.',
    clear: 'Clear search',
    tooLong: 'The search is too long.',
  },
  guideLink: 'New here? See how renting works step by step.',
  guide: {
    intro: 'Renting a locker takes a few minutes. Here is the whole way, from booking to collecting.',
    step: 'Step {{n}}',
    steps: {
      choose: {
        title: 'Choose a station and a locker',
        body: 'Pick a station near you, a small or big compartment, and cooled, neutral or warmed. Then choose when your rental starts and ends.',
      },
      pay: {
        title: 'Confirm and pay',
        body: 'The locker is held for you for 15 minutes while you pay with a saved card or a payment link. Your first three orders are free.',
      },
      codes: {
        title: 'Get your codes',
        body: 'Each locker has a delivery code for putting things in and a picking code for taking them out. Share them with a courier, a shop or a friend.',
      },
      open: {
        title: 'Open the door',
        body: 'At the station, type a code on the keypad or press Open in the app. The door unlocks for about a minute.',
      },
      finish: {
        title: 'Extend or finish',
        body: 'Need more time? Extend the rental if the locker is free. When the time is up, the locker is released; your invoice is in the app.',
      },
    },
    bookNow: 'Book a locker',
    moreHelp: 'More questions? Visit the help centre',
  },
  reports: {
    intro: 'Something wrong with a locker or the app? Tell us and we will get back to you here.',
    new: 'Report a problem',
    aboutLocker: 'About locker {{label}} at {{station}}',
    category: 'What is wrong?',
    categories: {
      door_wont_open: 'The door won’t open',
      dirty: 'The locker is dirty',
      damaged: 'Something is damaged',
      temperature: 'The temperature is wrong',
      other: 'Something else',
    },
    text: 'Describe the problem',
    textHint: 'What happened, and when? At most {{max}} characters.',
    photo: 'Photo',
    optional: 'optional',
    photoHint: 'A JPEG or PNG picture of at most 5 MB.',
    send: 'Send report',
    sent: 'Thank you! Your report has been sent. You can follow it under My reports.',
    follow: 'See my reports',
    mine: 'My reports',
    none: 'You have not reported any problems. If something goes wrong with a locker, a door or a payment, tell us with the form above.',
    photoAlt: 'Photo attached to the report',
    photoFailed: 'The photo could not be loaded.',
    answers: 'Answers',
    noAnswer: 'No answer yet: we will reply here.',
    sentAt: 'Sent {{date}}',
    where: '{{station}}, locker {{label}}',
    states: { open: 'Open', in_progress: 'In progress', resolved: 'Resolved' },
    errors: {
      category: 'Choose what is wrong.',
      text: 'Describe the problem.',
      photo: 'This file is not a JPEG or PNG picture of at most 5 MB.',
      locker: 'This locker is not one of yours.',
      failed: 'The report could not be sent. Try again.',
    },
  },
};

export type HelpTranslation = typeof help;
export default help;

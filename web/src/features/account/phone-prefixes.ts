/** Country calling codes offered first: Estonia and its neighbours, then other common ones. */
export const phonePrefixes: Array<{ prefix: string; country: string }> = [
  { prefix: '+372', country: 'EE' },
  { prefix: '+371', country: 'LV' },
  { prefix: '+370', country: 'LT' },
  { prefix: '+358', country: 'FI' },
  { prefix: '+46', country: 'SE' },
  { prefix: '+47', country: 'NO' },
  { prefix: '+45', country: 'DK' },
  { prefix: '+48', country: 'PL' },
  { prefix: '+49', country: 'DE' },
  { prefix: '+44', country: 'GB' },
  { prefix: '+33', country: 'FR' },
  { prefix: '+34', country: 'ES' },
  { prefix: '+39', country: 'IT' },
  { prefix: '+31', country: 'NL' },
  { prefix: '+380', country: 'UA' },
  { prefix: '+1', country: 'US' },
];

export const defaultPrefix = '+372';

import type { CapacitorConfig } from '@capacitor/cli';

// The native shells (web/android, web/ios) load the native build (npm run build:native,
// which needs VITE_CORE_URL) from dist-native. Android serves it from
// https://localhost and iOS from capacitor://localhost: lockerd's default CORS_ORIGINS.
const config: CapacitorConfig = {
  appId: 'ee.lockers.app',
  appName: 'Lockers',
  webDir: 'dist-native',
  android: {
    // The API is https in production; a plain-http core only in a debug build on a LAN.
    allowMixedContent: false,
  },
  ios: {
    contentInset: 'never',
  },
  plugins: {
    SplashScreen: {
      launchShowDuration: 0,
      backgroundColor: '#0f766e',
    },
  },
};

export default config;

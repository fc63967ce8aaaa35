import pkg from '../package.json' with { type: 'json' };

/** The app's version, from package.json at build time. */
export const APP_VERSION: string = pkg.version;

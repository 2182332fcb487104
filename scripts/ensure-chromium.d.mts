/** A Chromium already on this machine (CHROMIUM_PATH aside), or undefined. */
export function findChromium(): string | undefined;
/** The path of a Chromium to launch; installs Debian's with apt-get when that is the only way to get one. */
export function ensureChromium(): string;

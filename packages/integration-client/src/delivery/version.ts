/** The package version (kept equal to package.json by a test); part of the default User-Agent. */
export const VERSION = '0.1.0';

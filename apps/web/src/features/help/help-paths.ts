/** The help screen (spec section 2: route help). */
export const HELP_WEB_PATH = '/help';

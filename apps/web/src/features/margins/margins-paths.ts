/** The spec's route of the margin scenarios and pricing IDs screen. */
export const MARGINS_WEB_PATH = '/managemargins';

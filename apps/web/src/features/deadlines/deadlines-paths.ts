/** The deadline overview screen (docs/deadlines.md). */
export const DEADLINES_WEB_PATH = '/deadlines';

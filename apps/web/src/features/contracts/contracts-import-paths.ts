/** The import screen's web address: under managecontract, whose screen links to it. */
export const CONTRACT_IMPORT_WEB_PATH = '/managecontract/import';

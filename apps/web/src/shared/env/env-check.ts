import { LOCALES, type EnvironmentSettings } from '@klik/api';
import { isBoolean, isFields, isOneOf, isString, valueCheck } from '../checks/plain-checks';

const isStringOrNull = (value: unknown) => value === null || isString(value);
const isFilled = (value: unknown) => isString(value) && value.length > 0;

function isTranslations(value: unknown): value is EnvironmentSettings['translations'] {
  return (
    isFields(value) &&
    Object.values(value).every(
      (messages) => isFields(messages) && Object.values(messages).every(isString),
    )
  );
}

/** /env.json as EnvironmentSettingsSchema reads it: its fields only, each by the same rule. */
export function readEnvironmentSettings(value: unknown): EnvironmentSettings | undefined {
  if (!isFields(value)) return undefined;
  const v = value;
  const valid =
    isBoolean(v.production) &&
    isString(v.backendUrl) &&
    isString(v.notificationBackendUrl) &&
    isString(v.websocketUrl) &&
    isStringOrNull(v.stylesheetUrl) &&
    isOneOf(LOCALES, v.locale) &&
    isString(v.currency) &&
    v.currency.length === 3 &&
    isFilled(v.currencySymbol) &&
    isFilled(v.title) &&
    isFilled(v.favicon) &&
    isTranslations(v.translations) &&
    isBoolean(v.displayDisclaimer) &&
    isBoolean(v.displayHelp) &&
    isBoolean(v.isDebugMode) &&
    isStringOrNull(v.ssourl);
  if (!valid) return undefined;
  return {
    production: v.production,
    backendUrl: v.backendUrl,
    notificationBackendUrl: v.notificationBackendUrl,
    websocketUrl: v.websocketUrl,
    stylesheetUrl: v.stylesheetUrl,
    locale: v.locale,
    currency: v.currency,
    currencySymbol: v.currencySymbol,
    title: v.title,
    favicon: v.favicon,
    translations: v.translations,
    displayDisclaimer: v.displayDisclaimer,
    displayHelp: v.displayHelp,
    isDebugMode: v.isDebugMode,
    ssourl: v.ssourl,
  } as EnvironmentSettings;
}

export const environmentSettingsCheck = valueCheck(readEnvironmentSettings);

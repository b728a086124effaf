import type { Locale } from '@klik/api';
import {
  DISABLE_CLICK_REASONS,
  DISABLE_CLICK_REASON_TEXTS,
  type DisableClickReason,
} from '@klik/domain';
import { TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type nl from './messages/nl.json';

/** The key under which a DC_ reason's text sits in the catalogues. */
export type DisableClickReasonKey = `disableClickReason.${DisableClickReason}`;

export type MessageKey = keyof typeof nl | DisableClickReasonKey;
/**
 * A message as intl-messageformat takes it: ICU text, or that text parsed. The built page's catalogues are
 * parsed at build time (apps/web/build/precompiled-messages.ts), so the page carries no parser.
 */
export type Message = string | MessageFormatElement[];
export type Messages = Readonly<Record<string, Message>>;
/** A deployment's own texts per locale (env.json `translations`). */
export type Translations = Readonly<Record<string, Readonly<Record<string, string>>>>;

/** A locale's message file as a dynamic import answers it. */
export type CatalogueSource = () => Promise<{ default: Messages }>;

export function disableClickReasonKey(reason: DisableClickReason): DisableClickReasonKey {
  return `disableClickReason.${reason}`;
}

// The reason texts have one source, the domain package, so the portal and the server's
// notifications can never say different things about the same DC_ code. They are plain text (a
// test holds them to it), so each is one literal and needs no parser in the page.
function reasonMessages(locale: Locale): Messages {
  return Object.fromEntries(
    DISABLE_CLICK_REASONS.map((reason) => [
      disableClickReasonKey(reason),
      [{ type: TYPE.literal, value: DISABLE_CLICK_REASON_TEXTS[reason][locale] }],
    ]),
  );
}

/** A locale's whole catalogue: its message file with the DC_ reason texts added. */
export function catalogueOf(locale: Locale, messages: Messages): Messages {
  return { ...messages, ...reasonMessages(locale) };
}

/**
 * The catalogues loaded so far. Each locale's messages are a chunk of their own, loaded when that
 * locale is first needed (before the first screen, and on a switch of language): a page carries
 * one language, not both (docs/performance.md). A load that fails is forgotten, so asking again
 * tries again.
 */
export function createCatalogueStore(sources: Readonly<Record<Locale, CatalogueSource>>) {
  const loaded = new Map<Locale, Messages>();
  const pending = new Map<Locale, Promise<Messages>>();
  return {
    loaded: (locale: Locale): Messages | undefined => loaded.get(locale),
    /** Adds a catalogue at once (tests, which carry both). */
    add(locale: Locale, messages: Messages): void {
      loaded.set(locale, catalogueOf(locale, messages));
    },
    load(locale: Locale): Promise<Messages> {
      const known = loaded.get(locale);
      if (known) return Promise.resolve(known);
      let loading = pending.get(locale);
      if (!loading) {
        loading = sources[locale]().then(
          (module) => {
            const catalogue = catalogueOf(locale, module.default);
            loaded.set(locale, catalogue);
            pending.delete(locale);
            return catalogue;
          },
          (error: unknown) => {
            pending.delete(locale);
            throw error;
          },
        );
        pending.set(locale, loading);
      }
      return loading;
    },
  };
}

const store = createCatalogueStore({
  nl: () => import('./messages/nl.json'),
  en: () => import('./messages/en.json'),
});

/** The locale's catalogue if it is loaded. */
export const loadedCatalogue = store.loaded;
/** Loads the locale's catalogue once; later calls answer the same catalogue. */
export const loadCatalogue = store.load;
/** Makes a catalogue loaded without a load (tests). */
export const addCatalogue = store.add;

/** The names of a parsed message's arguments in the order they first appear. */
export function argumentNames(elements: readonly MessageFormatElement[], names: string[] = []) {
  for (const element of elements) {
    if (element.type === TYPE.tag) argumentNames(element.children, names);
    else if (element.type !== TYPE.literal && element.type !== TYPE.pound) {
      if (!names.includes(element.value)) names.push(element.value);
      if ('options' in element) {
        for (const option of Object.values(element.options)) argumentNames(option.value, names);
      }
    }
  }
  return names;
}

// Tests and the dev server read the catalogues as text: their argument names are read from it.
function argumentNamesOfText(message: string): string[] {
  const names: string[] = [];
  for (const match of message.matchAll(/\{\s*([A-Za-z_]\w*)\s*[,}]/g)) {
    const name = match[1];
    if (name !== undefined && !names.includes(name)) names.push(name);
  }
  return names;
}

/**
 * A deployment's text may use the spec's positional placeholders (section 9: `{0}`, `{1}`): they
 * stand for the catalogue message's arguments in the order they appear there, so `{0}` in an
 * override of "Ingelogd als {user} door {by}" is the user. A number past the last argument stays.
 */
export function withNamedPlaceholders(override: string, original: Message | undefined): string {
  if (original === undefined) return override;
  const names =
    typeof original === 'string' ? argumentNamesOfText(original) : argumentNames(original);
  return override.replace(/\{(\d+)\}/g, (whole, index: string) => {
    const name = names[Number(index)];
    return name === undefined ? whole : `{${name}}`;
  });
}

/**
 * Keys a deployment may override under the spec's own names, each with the catalogue key it
 * stands for: the Internet Explorer warning is "key 'internet explorer' parts 1-3" (spec section
 * 8), so `translations` may word it as `internet explorer.part1` .. `.part3`. When a deployment
 * gives both names, the catalogue's own key wins.
 */
export const SPEC_KEY_NAMES: Readonly<Record<string, MessageKey>> = {
  'internet explorer.part1': 'ie.warning.part1',
  'internet explorer.part2': 'ie.warning.part2',
  'internet explorer.part3': 'ie.warning.part3',
};

function ownTexts(locale: Locale, translations: Translations): [string, string][] {
  const catalogue = loadedCatalogue(locale) ?? {};
  const entries = Object.entries(translations[locale] ?? {});
  const bySpecName = entries.flatMap(([name, text]): [string, string][] => {
    const key = Object.hasOwn(SPEC_KEY_NAMES, name) ? SPEC_KEY_NAMES[name] : undefined;
    return key === undefined ? [] : [[key, text]];
  });
  const own = entries.filter(([key]) => !Object.hasOwn(SPEC_KEY_NAMES, key));
  // Later entries win where the messages are built: the catalogue's own keys after the spec's.
  return [...bySpecName, ...own].map(([key, text]) => [
    key,
    withNamedPlaceholders(text, catalogue[key]),
  ]);
}

/** The deployment's texts parsed per locale; null for one the parser rejects. */
const parsedTranslations = new Map<Locale, Map<string, MessageFormatElement[] | null>>();

function parsedTranslation(locale: Locale, text: string) {
  return parsedTranslations.get(locale)?.get(text);
}

/**
 * Loads a locale's catalogue and parses the deployment's texts for it. Those exist only at run
 * time, so the parser comes in a chunk of its own, loaded only when a deployment has texts for
 * the locale (the page's own catalogues come parsed).
 */
export async function loadLocale(locale: Locale, translations: Translations): Promise<void> {
  const own = Object.keys(translations[locale] ?? {}).length > 0;
  const [, parser] = await Promise.all([
    loadCatalogue(locale),
    own ? import('./translation-parser') : undefined,
  ]);
  if (!parser) return;
  const parsed = parsedTranslations.get(locale) ?? new Map();
  for (const [, text] of ownTexts(locale, translations)) {
    if (!parsed.has(text)) parsed.set(text, parser.parseMessage(text, locale));
  }
  parsedTranslations.set(locale, parsed);
}

/** Whether loadLocale has made the locale ready to render. */
export function localeLoaded(locale: Locale, translations: Translations): boolean {
  if (!loadedCatalogue(locale)) return false;
  return ownTexts(locale, translations).every(
    ([, text]) => parsedTranslation(locale, text) !== undefined,
  );
}

/**
 * The catalogue for a locale with the deployment's own translations laid over it. A catalogue not
 * loaded yet gives the translations alone (the portal loads it before it renders in a locale).
 * A text loadLocale has parsed goes in parsed; one the parser rejected leaves the catalogue's.
 */
export function messagesFor(locale: Locale, translations: Translations): Messages {
  const own = ownTexts(locale, translations).flatMap(([key, text]): [string, Message][] => {
    const parsed = parsedTranslation(locale, text);
    if (parsed === null) return [];
    return [[key, parsed ?? text]];
  });
  return { ...(loadedCatalogue(locale) ?? {}), ...Object.fromEntries(own) };
}

/** A missing key is shown as `[[key]]` (spec section 8), so gaps are visible, not silent. */
export function missingMessage(key: string): string {
  return `[[${key}]]`;
}

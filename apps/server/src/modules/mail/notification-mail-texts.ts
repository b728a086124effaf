import type { Locale, NotificationKind } from '@klik/api';

/** The words of one kind's e-mail; {name} is filled from the notification (see fill()). */
export interface KindTexts {
  subject: string;
  /** The first paragraph: what happened. */
  lead: string;
  /** An optional second paragraph. */
  more?: string;
}

export interface FrameTexts {
  greeting: string;
  /** The button to the notification screen. */
  openNotifications: string;
  openClicks: string;
  attachment: string;
  /** After the click number when a TPI consultant made the click signed in as the user. */
  acting: string;
  /** Why this e-mail came, and where to change that. */
  why: string;
  preferences: string;
}

// The spec's rejection text (section 8, "purchase rejected").
const REJECTED = {
  nl: 'Deze transactie is afgewezen. Neem bij vragen contact met ons op.',
  en: 'This transaction has been rejected. Please contact us with any questions.',
} as const;

export const FRAME_TEXTS: Record<Locale, FrameTexts> = {
  nl: {
    greeting: 'Beste {name},',
    openNotifications: 'Bekijk uw notificaties in {title}',
    openClicks: 'Bekijk uw klikken',
    attachment: 'De bevestiging zit als PDF in de bijlage.',
    acting: ' (geklikt door {actingConsultant} voor {actingUser})',
    why: 'U ontvangt deze e-mail omdat u voor deze melding e-mail heeft gekozen (of dit de standaard is).',
    preferences: 'Wijzig dit onder Mijn gegevens',
  },
  en: {
    greeting: 'Dear {name},',
    openNotifications: 'See your notifications in {title}',
    openClicks: 'See your clicks',
    attachment: 'The confirmation is attached as a PDF.',
    acting: ' (clicked by {actingConsultant} for {actingUser})',
    why: 'You receive this e-mail because you chose e-mail for this notification (or it is the default).',
    preferences: 'Change this under My info',
  },
};

/**
 * One text per kind, grouped by family: clicks, trading (pause and deadlines), the plan (price
 * alerts and budget) and messages (terms, announcements). {period} is the click's maturity and
 * year, {contract} the contract, {click} the click number, {acting} who made it for the user; an announcement brings its own words.
 */
export const KIND_TEXTS: Record<Locale, Record<NotificationKind, KindTexts>> = {
  nl: {
    CLICK_CREATED: {
      subject: 'Klik {click} is geplaatst',
      lead: 'Klik {click}{acting} op contract {contract}{period} is geplaatst.',
    },
    CLICK_PENDING_APPROVAL: {
      subject: 'Klik {click} wacht op goedkeuring',
      lead: 'Klik {click}{acting} op contract {contract}{period} wacht op goedkeuring door een tweede gebruiker.',
      more: 'Keur de klik goed of wijs hem af in het klikoverzicht voordat de termijn verloopt.',
    },
    CLICK_APPROVED: {
      subject: 'Klik {click} is goedgekeurd',
      lead: 'Klik {click}{acting} op contract {contract}{period} is goedgekeurd.',
    },
    CLICK_REJECTED: {
      subject: 'Klik {click} is afgewezen',
      lead: 'Klik {click}{acting} op contract {contract}{period} is afgewezen.',
      more: REJECTED.nl,
    },
    CLICK_COMPLETED: {
      subject: 'Klik {click} is afgerond',
      lead: 'Klik {click}{acting} op contract {contract}{period} is afgerond: de prijs staat vast.',
    },
    CLICK_EXPIRED: {
      subject: 'Klik {click} is verlopen',
      lead: 'Klik {click}{acting} op contract {contract}{period} is verlopen; het volume is weer vrij.',
    },
    TRADING_PAUSED: {
      subject: 'Klikken is gepauzeerd',
      lead: 'Klikken is tijdelijk gepauzeerd voor alle klanten.',
    },
    TRADING_RESUMED: {
      subject: 'Klikken is hervat',
      lead: 'Klikken is weer mogelijk.',
    },
    DEADLINE_APPROACHING: {
      subject: 'Klikdeadline nadert voor {contract}',
      lead: 'De klikdeadline van contract {contract}{period} nadert: de laatste dag om te klikken is {deadline}.',
    },
    PRICE_ALERT: {
      subject: 'Prijsalert bereikt voor {contract}',
      lead: 'Prijsalert voor contract {contract}{period}{alertPart}, {market}: de marktprijs van {alertPrice} EUR/MWh is {alertDirection} uw drempel van {threshold} EUR/MWh.',
    },
    BUDGET_BANDWIDTH: {
      subject: 'Budget: de verwachte prijs {budgetCrossing}',
      lead: 'De verwachte gemiddelde prijs van contract {contract}{period} {budgetCrossing}: {expectedPrice} EUR/MWh, bij een bandbreedte van {lowerBound} tot {upperBound} EUR/MWh.',
      more: 'Bekijk onder Budget waar het jaar nu staat.',
    },
    HEDGE_BEHIND: {
      subject: 'Achter op het afdekbeleid voor {contract}',
      lead: 'Het vastgelegde deel van contract {contract}{period} ligt achter op de corridor van het afdekbeleid: vanaf {deadline} is een groter deel vastgelegd gewenst.',
      more: 'Bekijk de corridor onder Afdekbeleid of op het dashboard.',
    },
    STANDING_ORDER_EXECUTED: {
      subject: 'Uw staande order heeft geklikt',
      lead: 'Een staande order op contract {contract}{period} heeft klik {click} gemaakt: de klikprijs bereikte uw grens.',
      more: 'In het klikoverzicht en de bevestiging ziet u de prijs die de order uitvoerde.',
    },
    STANDING_ORDER_LAPSED: {
      subject: 'Uw staande order is vervallen',
      lead: 'Een staande order op contract {contract}{period} is vervallen zonder te klikken.',
    },
    TERMS_PUBLISHED: {
      subject: 'Nieuwe voorwaarden',
      lead: 'Er zijn nieuwe voorwaarden. U accepteert ze bij uw volgende klik.',
    },
    ANNOUNCEMENT: { subject: '{announcementTitle}', lead: '{announcementBody}' },
    WEBHOOK_DISABLED: {
      subject: 'Webhook uitgeschakeld',
      lead: 'Leveringen aan uw webhook {url} mislukten 24 uur lang; het adres is uitgeschakeld.',
      more: 'Herstel de ontvanger, schakel het adres weer in onder Integraties en verstuur gemiste leveringen opnieuw.',
    },
  },
  en: {
    CLICK_CREATED: {
      subject: 'Click {click} has been placed',
      lead: 'Click {click}{acting} on contract {contract}{period} has been placed.',
    },
    CLICK_PENDING_APPROVAL: {
      subject: 'Click {click} awaits approval',
      lead: 'Click {click}{acting} on contract {contract}{period} awaits approval by a second user.',
      more: 'Approve or reject it in the click overview before its deadline passes.',
    },
    CLICK_APPROVED: {
      subject: 'Click {click} has been approved',
      lead: 'Click {click}{acting} on contract {contract}{period} has been approved.',
    },
    CLICK_REJECTED: {
      subject: 'Click {click} has been rejected',
      lead: 'Click {click}{acting} on contract {contract}{period} has been rejected.',
      more: REJECTED.en,
    },
    CLICK_COMPLETED: {
      subject: 'Click {click} has been completed',
      lead: 'Click {click}{acting} on contract {contract}{period} has been completed: its price is fixed.',
    },
    CLICK_EXPIRED: {
      subject: 'Click {click} has expired',
      lead: 'Click {click}{acting} on contract {contract}{period} has expired; its volume is free again.',
    },
    TRADING_PAUSED: {
      subject: 'Clicking has been paused',
      lead: 'Clicking has been paused for every customer for the time being.',
    },
    TRADING_RESUMED: {
      subject: 'Clicking has resumed',
      lead: 'Clicking is possible again.',
    },
    DEADLINE_APPROACHING: {
      subject: 'Click deadline approaching for {contract}',
      lead: 'The click deadline of contract {contract}{period} is approaching: the last day to click is {deadline}.',
    },
    PRICE_ALERT: {
      subject: 'Price alert reached for {contract}',
      lead: 'Price alert for contract {contract}{period}{alertPart}, {market}: the market price of {alertPrice} EUR/MWh is {alertDirection} your threshold of {threshold} EUR/MWh.',
    },
    BUDGET_BANDWIDTH: {
      subject: 'Budget: the expected price {budgetCrossing}',
      lead: 'The expected average price of contract {contract}{period} {budgetCrossing}: {expectedPrice} EUR/MWh, against a bandwidth of {lowerBound} to {upperBound} EUR/MWh.',
      more: 'See under Budget where the year stands now.',
    },
    HEDGE_BEHIND: {
      subject: 'Behind the hedge policy for {contract}',
      lead: "The fixed share of contract {contract}{period} is behind its hedge policy's corridor: from {deadline} a larger share should be fixed.",
      more: 'See the corridor under Hedge policy or on the dashboard.',
    },
    STANDING_ORDER_EXECUTED: {
      subject: 'Your standing order has clicked',
      lead: 'A standing order on contract {contract}{period} made click {click}: the click price reached your threshold.',
      more: 'The click overview and the confirmation show the price that executed the order.',
    },
    STANDING_ORDER_LAPSED: {
      subject: 'Your standing order has lapsed',
      lead: 'A standing order on contract {contract}{period} has lapsed without clicking.',
    },
    TERMS_PUBLISHED: {
      subject: 'New terms',
      lead: 'There are new terms. You accept them with your next click.',
    },
    ANNOUNCEMENT: { subject: '{announcementTitle}', lead: '{announcementBody}' },
    WEBHOOK_DISABLED: {
      subject: 'Webhook disabled',
      lead: 'Deliveries to your webhook {url} failed for 24 hours; the endpoint has been disabled.',
      more: 'Fix the receiver, enable the endpoint again under Integrations and replay the deliveries it missed.',
    },
  },
};

/** A price alert's direction and part in the words of its e-mail (docs/price-alerts.md). */
export const PRICE_ALERT_WORDS: Record<
  Locale,
  { direction: Record<string, string>; part: Record<string, string> }
> = {
  nl: {
    direction: {
      EQUAL_OR_LOWER: 'gelijk aan of lager dan',
      EQUAL_OR_HIGHER: 'gelijk aan of hoger dan',
    },
    part: { Gas: '', Peak: ' piek', OffPeak: ' dal' },
  },
  en: {
    direction: {
      EQUAL_OR_LOWER: 'equal to or lower than',
      EQUAL_OR_HIGHER: 'equal to or higher than',
    },
    part: { Gas: '', Peak: ' peak', OffPeak: ' off-peak' },
  },
};

/** How a budget's expected price crossed its bandwidth (modules/budgets, params.crossing). */
export const BUDGET_CROSSING_WORDS: Record<Locale, Record<string, string>> = {
  nl: {
    LEFT_ABOVE: 'is boven de bovengrens gekomen',
    LEFT_BELOW: 'is onder de ondergrens gekomen',
    BACK_WITHIN: 'is weer binnen de bandbreedte',
  },
  en: {
    LEFT_ABOVE: 'has risen above the upper bound',
    LEFT_BELOW: 'has fallen below the lower bound',
    BACK_WITHIN: 'is back within the bandwidth',
  },
};

/** Fills {name} placeholders; an unknown one stays visible rather than vanishing. */
export function fill(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

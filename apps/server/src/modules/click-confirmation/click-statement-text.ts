import type { Locale } from '@klik/api';

/** The words of a click statement (click-statement.ts) in each portal language. */
export interface StatementTexts {
  documentTitle: string;
  intro: (customer: string, from: string, to: string) => string;
  filename: (customerId: number, from: string, to: string, extension: 'pdf' | 'csv') => string;
  noClicks: string;
  click: (clickId: number) => string;
  contract: string;
  period: string;
  market: string;
  status: string;
  statuses: Record<string, string>;
  quote: string;
  volume: string;
  marketAtQuote: string;
  markUp: string;
  fees: string;
  clickPrice: string;
  cost: string;
  totalCost: string;
  executed: string;
  marketAtExecution: string;
  madeBy: string;
  via: (impersonator: string) => string;
  automatic: string;
  approvedBy: string;
  rejectedBy: string;
  secondFactor: string;
  secondFactors: Record<'sms' | 'totp' | 'standingOrder' | 'none', string>;
  termsVersion: string;
  confirmation: string;
  ledger: string;
  chainSection: string;
  chainNote: string;
  chains: Record<'click_ledger' | 'audit_log', string>;
  chainHead: (seq: string, id: string, at: string, hash: string) => string;
  noChain: string;
  none: string;
  /** Column headings of the CSV, one row per click part (values stay ISO and '.'-decimal). */
  columns: readonly string[];
}

export const STATEMENT_TEXTS: Record<Locale, StatementTexts> = {
  nl: {
    documentTitle: 'Klikoverzicht',
    intro: (customer, from, to) =>
      `Alle kliks van ${customer} van ${from} tot en met ${to}, zoals het klikgrootboek ze heeft vastgelegd: de offerte met de marktprijs, opslag en kosten, de marktreferentie bij uitvoering, wie klikte en wie goedkeurde, de tweede factor, de versie van de voorwaarden en de bevestiging. Aan het einde de hash van de keten bij het einde van de periode.`,
    filename: (customerId, from, to, extension) =>
      `klikoverzicht-${customerId}-${from}-${to}.${extension}`,
    noClicks: 'Geen kliks in deze periode.',
    click: (clickId) => `Klik ${clickId}`,
    contract: 'Contract',
    period: 'Leveringsperiode',
    market: 'Markt en prijsbron',
    status: 'Status',
    statuses: {
      PENDING_APPROVAL: 'Wacht op goedkeuring',
      IN_PROGRESS: 'In behandeling',
      COMPLETED: 'Afgerond',
      REJECTED: 'Afgewezen',
      EXPIRED: 'Verlopen',
    },
    quote: 'Offerte',
    volume: 'Volume',
    marketAtQuote: 'Marktprijs bij offerte',
    markUp: 'Opslag',
    fees: 'Transactiekosten',
    clickPrice: 'Klikprijs',
    cost: 'Kosten',
    totalCost: 'Totale kosten',
    executed: 'Uitgevoerd',
    marketAtExecution: 'Marktprijs bij uitvoering',
    madeBy: 'Geklikt door',
    via: (impersonator) => `via ${impersonator}`,
    automatic: 'automatisch',
    approvedBy: 'Goedgekeurd door',
    rejectedBy: 'Afgewezen door',
    secondFactor: 'Tweede factor',
    secondFactors: {
      sms: 'sms-code',
      totp: 'authenticator-app',
      standingOrder: 'gegeven bij het plaatsen van de staande order',
      none: 'niet vereist',
    },
    termsVersion: 'Versie voorwaarden',
    confirmation: 'Bevestiging verstuurd',
    ledger: 'Regels in het klikgrootboek',
    chainSection: 'Keten aan het einde van de periode',
    chainNote:
      'Bewaar deze hashes: een latere controle (npm run verify:audit, of Beheer → Audit log → Integriteit) moet op dezelfde plaats in de keten dezelfde hash vinden.',
    chains: { click_ledger: 'Klikgrootboek', audit_log: 'Audit log' },
    chainHead: (seq, id, at, hash) => `regel nr. ${seq} (id ${id}), ${at}: ${hash}`,
    noChain: 'nog geen regels',
    none: '—',
    columns: [
      'klik',
      'contract',
      'product',
      'leveringsjaar',
      'looptijd',
      'markt',
      'prijsbron',
      'status',
      'deel',
      'volumeMWh',
      'offerte',
      'offerteTijdstip',
      'marktprijsBijOfferte',
      'opslag',
      'transactiekosten',
      'klikprijs',
      'kosten',
      'totaleKosten',
      'uitgevoerd',
      'marktprijsBijUitvoering',
      'klikprijsBijUitvoering',
      'gekliktDoor',
      'gekliktOp',
      'namens',
      'beslistDoor',
      'besluit',
      'beslistOp',
      'tweedeFactor',
      'versieVoorwaarden',
      'bevestigingVerstuurd',
      'grootboekRegels',
      'laatsteHash',
      'ketenNrEindePeriode',
      'ketenHashEindePeriode',
    ],
  },
  en: {
    documentTitle: 'Click statement',
    intro: (customer, from, to) =>
      `Every click of ${customer} from ${from} to ${to} inclusive, as the click ledger recorded it: the quote with its market price, mark-up and fees, the market reference at execution, who clicked and who approved, the second factor, the terms version and the confirmation. At the end, the hash of the chain at the end of the period.`,
    filename: (customerId, from, to, extension) =>
      `click-statement-${customerId}-${from}-${to}.${extension}`,
    noClicks: 'No clicks in this period.',
    click: (clickId) => `Click ${clickId}`,
    contract: 'Contract',
    period: 'Supply period',
    market: 'Market and price source',
    status: 'Status',
    statuses: {
      PENDING_APPROVAL: 'Awaiting approval',
      IN_PROGRESS: 'In progress',
      COMPLETED: 'Completed',
      REJECTED: 'Rejected',
      EXPIRED: 'Expired',
    },
    quote: 'Quote',
    volume: 'Volume',
    marketAtQuote: 'Market price at quote',
    markUp: 'Mark-up',
    fees: 'Transaction fees',
    clickPrice: 'Click price',
    cost: 'Cost',
    totalCost: 'Total cost',
    executed: 'Executed',
    marketAtExecution: 'Market price at execution',
    madeBy: 'Clicked by',
    via: (impersonator) => `via ${impersonator}`,
    automatic: 'automatic',
    approvedBy: 'Approved by',
    rejectedBy: 'Rejected by',
    secondFactor: 'Second factor',
    secondFactors: {
      sms: 'SMS code',
      totp: 'authenticator app',
      standingOrder: 'given when the standing order was placed',
      none: 'not required',
    },
    termsVersion: 'Terms version',
    confirmation: 'Confirmation sent',
    ledger: 'Click ledger entries',
    chainSection: 'The chain at the end of the period',
    chainNote:
      'Keep these hashes: a later check (npm run verify:audit, or Administration → Audit log → Integrity) must find the same hash at the same place in the chain.',
    chains: { click_ledger: 'Click ledger', audit_log: 'Audit log' },
    chainHead: (seq, id, at, hash) => `entry no. ${seq} (id ${id}), ${at}: ${hash}`,
    noChain: 'no entries yet',
    none: '—',
    columns: [
      'click',
      'contract',
      'product',
      'yearOfSupply',
      'maturity',
      'market',
      'priceSource',
      'status',
      'part',
      'volumeMWh',
      'quote',
      'quotedAt',
      'marketPriceAtQuote',
      'markUp',
      'transactionFee',
      'clickPrice',
      'cost',
      'totalCost',
      'executedAt',
      'marketPriceAtExecution',
      'clickPriceAtExecution',
      'clickedBy',
      'clickedAt',
      'via',
      'decidedBy',
      'decision',
      'decidedAt',
      'secondFactor',
      'termsVersion',
      'confirmationSentAt',
      'ledgerEntries',
      'lastHash',
      'chainSeqAtPeriodEnd',
      'chainHashAtPeriodEnd',
    ],
  },
};

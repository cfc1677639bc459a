/** Business constants and limits (core §9, flows §9). One place; everything else imports them. */
export const CONSTANTS = {
  adminPageSize: 20,
  defaultPage: 1,
  deliveryFilterPageSize: 99999,
  budgetPageSize: 10,
  categoriesPageSize: 999999,
  taskLogsCount: 20,
  searchHitsPerPage: 30,
  searchSuggestions: 5,
  searchSuggestionsFrom: 2,
  searchDebounceMs: 200,
  promotedTake: 20,
  hierarchicalMenuLimit: 1000,
  /** A facet list shows its ten most frequent values, and up to this many behind "more" (issue 29). */
  facetShowMoreLimit: 50,
  categoryGridColumns: 4,
  /** flows §5: once free-shipping-from is filled, the shipping cost is at least this (euros): a threshold with free shipping below it means nothing. */
  minimumShippingCost: 0.01,
  /** GET /v2/suppliers/budget-references: how many supplier ids one call names at most. */
  budgetReferencesMaxIds: 200,
  sessionPingMs: 10000,
  featureFlagReadyTimeoutMs: 1500,
  toastMs: 5000,
  notificationMs: 8000,
  assistantHideMs: 8500,
  chunkReloadGuardMs: 60000,
  defaultLanguage: 'nl',
  fallbackLanguages: ['NL', 'FR', 'EN'],
  currencies: ['EUR', 'POINTS'],
  defaultCurrency: 'EUR',
  countries: ['BE', 'NL', 'DE', 'FR', 'EN'],
  restockModes: ['fixed', 'flex', 'manual'],
  barcodeTagMin: 6,
  barcodeTagMax: 25,
  defaultTax: 21,
  standardVat: 21,
  sidebarAutoHidePx: 770,
  breakpoints: { sm: 640, md: 768, lg: 1024, xl: 1280, '2xl': 1536 },
  supplierOrderPrefix: { min: 3, max: 4 },
  dateLocale: 'nl-BE',
  tenderLimitEur: 30000,
  maxAttachmentsPerContract: 25,
  contractFileMaxMb: 100,
  // A customer's default for when a contract becomes ABOUT_TO_EXPIRE (days before its latest cancellation date), and the reminder's.
  contractAboutToExpireDays: 30,
  contractReminderDays: 7,
  invoicePdfMaxMb: 20,
  // A UBL e-invoice carries its PDF in base64 (a third larger): room for a 20 MB PDF and the XML around it.
  ublInvoiceMaxMb: 30,
  // The three-way match's tolerance of a company that set none (percent above what was agreed and received).
  invoicePriceTolerancePercent: 1,
  invoiceQuantityTolerancePercent: 0,
  /**
   * Days between an invoice's date and its due date when the platform makes the invoice of a delivery
   * (POST /admin/invoices/create-yc-invoice): Belgium's legal default payment term between companies
   * (law of 2 August 2002 on late payment, art. 4) when no other term was agreed.
   */
  invoicePaymentTermDays: 30,
  maxQueuedExports: 3,
  ratingMin: 0,
  ratingMax: 4,
  /** An order's conversation (flows §3 Comment): a comment's length, its attachments and the size of each file. */
  commentMaxLength: 4000,
  maxAttachmentsPerComment: 10,
  conversationFileMaxMb: 10,
  loadAllSuppliersPageSize: 9999,
  pendingRegistrationsTake: 2000,
  /** How long the link of an invitation or a password mail works (hours), and the shortest password it sets. */
  passwordLinkHours: 72,
  passwordMinLength: 10,
  productAttributesPageSize: 30,
  /** The bulk import of own articles (issue 28): the largest file (.xlsx or .csv) and the most lines one file may hold. */
  productImportMaxMb: 10,
  productImportMaxLines: 10000,
  orderFormQuotes: 3,
  /** Largest quote or order request file (the 'order-attachments' container: PDF or a photo of the paper). */
  orderAttachmentMaxMb: 10,
  /** Largest article image (the 'article-images' container: JPEG, PNG or WebP, told by its bytes). */
  articleImageMaxMb: 5,
  /** What one loyalty point (ycoin) is worth in EUR when spent on an order (core §7 Budgets and loyalty). */
  loyaltyPointValue: '0.01',
  /** Points an approved order earns per whole euro of its products excluding VAT (customers with ycoin). */
  loyaltyPointsPerEuro: 1,
  /**
   * A delivery still waiting for the company's confirmation this many days after its delivery date
   * (else its expected date, else its announcement) is confirmed by the system as delivered in full
   * (the deliveries.autoApprove job). The spec names no value.
   */
  deliveryAutoApprovalDays: 14,
  /** Length of a generated warehouse barcode tag (GET …/tag/generate): 'WH-' and nine characters. */
  generatedTagLength: 12,
  /**
   * The most rows one export of a list (orders, deliveries, invoices: GET …/export.xlsx) writes; a
   * list's filters that select more are refused (422 ListExportTooLarge) before anything is written.
   */
  listExportMaxRows: 50_000,
  /** The most records one bulk call takes (POST /v2/orders/validate-bulk, /invoices/mark-paid-bulk). */
  bulkActionMaxIds: 100,
  /** Largest page a list endpoint answers, so one request cannot ask for the whole table twice over. */
  maxPageSize: 999999,
  /**
   * Sign-in throttling of the embedded identity provider, counted per tenant and account and per
   * client address (an office behind one address gets more room). From `delayAfter` failures on,
   * each next try must wait `baseDelaySeconds`, doubling up to `maxDelaySeconds`; at `lockAfter`
   * every try, the right password included, is refused for `lockMinutes`. Failures older than
   * `forgetAfterMinutes` no longer count.
   */
  signInThrottle: {
    account: { delayAfter: 3, lockAfter: 10 },
    address: { delayAfter: 10, lockAfter: 50 },
    baseDelaySeconds: 1,
    maxDelaySeconds: 30,
    lockMinutes: 15,
    forgetAfterMinutes: 15,
  },
} as const;

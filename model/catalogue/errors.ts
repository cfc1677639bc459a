import { t, type Translations } from '../dsl/i18n';
import { CONSTANTS } from './constants';

export interface ErrorEntry {
  readonly status: number;
  readonly message: Translations;
}

function e(status: number, nl: string, en: string, fr: string): ErrorEntry {
  return { status, message: t(nl, en, fr) };
}

/** The cap of a list's export as each language writes the number. */
const exportRows = (locale: string) => CONSTANTS.listExportMaxRows.toLocaleString(locale);

/**
 * The error catalogue (core §8, flows §8). The server answers {errorCode, message, details}; the app
 * shows ErrorMessage.{errorCode} in the user's language. Codes the spec names keep its spelling;
 * codes it only describes in words got a name here (listed in docs/decisions/0017-data-conventions.md).
 */
export const ERRORS = {
  // Access and request shape
  unauthorized: e(401, 'Je sessie is verlopen. Meld je opnieuw aan.', 'Your session has expired. Please sign in again.', 'Votre session a expiré. Veuillez vous reconnecter.'),
  forbiddenAccess: e(403, 'Je hebt geen toegang tot deze gegevens.', 'You do not have access to this.', "Vous n'avez pas accès à ceci."),
  NoAccessToCustomer: e(403, 'Je hebt geen toegang tot dit bedrijf.', 'You have no access to this company.', "Vous n'avez pas accès à cette entreprise."),
  noActiveCustomer: e(400, 'Er is geen actieve klant.', 'There is no active customer', "Il n'y a pas de client actif."),
  validationFailed: e(400, 'Niet alle velden zijn correct ingevuld.', 'Some fields are not filled in correctly.', 'Certains champs ne sont pas correctement remplis.'),
  notFound: e(404, 'Deze pagina kon niet worden gevonden', 'This page could not be found', 'Cette page est introuvable'),
  maintenance: e(503, 'Het platform is in onderhoud. Probeer het later opnieuw.', 'The platform is under maintenance. Please try again later.', 'La plateforme est en maintenance. Veuillez réessayer plus tard.'),
  // Impersonation (core §8 Login errors; the provider name is the original text's)
  UserNotInIdentityProvider: e(400, 'Gebruiker is nog niet aangemaakt in auth0 of heeft geen actieve klanttoegang', 'User is either not yet created in auth0 or has no active customer access', "L'utilisateur n'est pas encore créé dans auth0 ou n'a pas d'accès client actif"),
  NoActiveCustomerAccess: e(400, 'Geen actieve klanttoegang gevonden', 'No active customer access found', 'Aucun accès client actif trouvé'),
  UserHasNoPermissions: e(400, 'Gebruiker heeft geen rechten.', 'User has no permissions.', "L'utilisateur n'a aucun droit."),
  // Overload (docs/operations.md): a caller's expensive calls beyond their per-minute limit, and a server too busy to take a request
  tooManyRequests: e(429, 'Je hebt dit te vaak gevraagd in korte tijd. Wacht even en probeer het opnieuw.', 'You asked for this too often in a short time. Wait a moment and try again.', 'Vous avez demandé ceci trop souvent en peu de temps. Patientez un instant et réessayez.'),
  serverBusy: e(503, 'De server is even te druk. Probeer het zo opnieuw.', 'The server is too busy right now. Please try again shortly.', 'Le serveur est trop occupé pour le moment. Veuillez réessayer sous peu.'),
  internalError: e(500, 'Oeps! Er ging iets mis.', 'Oops! Something went wrong.', "Oups ! Quelque chose s'est mal passé."),
  // Not found, per entity
  OrderNotFound: e(404, 'Bestelling niet gevonden.', 'Order not found.', 'Commande introuvable.'),
  BudgetNotFound: e(404, 'Budget niet gevonden.', 'Budget not found.', 'Budget introuvable.'),
  CustomerNotFound: e(404, 'Klant niet gevonden.', 'Customer not found.', 'Client introuvable.'),
  AddressNotFound: e(404, 'Adres niet gevonden.', 'Address not found.', 'Adresse introuvable.'),
  SupplierOrderNotFound: e(404, 'Leveranciersbestelling niet gevonden.', 'Supplier order not found.', 'Commande fournisseur introuvable.'),
  SupplierNotFound: e(404, 'Leverancier niet gevonden.', 'Supplier not found.', 'Fournisseur introuvable.'),
  WarehouseNotFound: e(404, 'Magazijn niet gevonden.', 'Warehouse not found.', 'Entrepôt introuvable.'),
  ArticleCategoryNotFound: e(404, 'Artikelcategorie niet gevonden.', 'Article category not found.', "Catégorie d'article introuvable."),
  ArticleCategoryGroupNotFound: e(404, 'Artikelcategoriegroep niet gevonden.', 'Article category group not found.', "Groupe de catégories d'articles introuvable."),
  ReferralPartnerNotFound: e(404, 'Doorverwijspartner niet gevonden.', 'Referral partner not found.', 'Partenaire de parrainage introuvable.'),
  OfferNotFound: e(404, 'Banner niet gevonden.', 'Banner not found.', 'Bannière introuvable.'),
  DepartmentNotFound: e(404, 'Afdeling niet gevonden.', 'Department not found.', 'Département introuvable.'),
  ProjectNotFound: e(404, 'Project niet gevonden.', 'Project not found.', 'Projet introuvable.'),
  UserNotFound: e(404, 'Gebruiker niet gevonden.', 'User not found.', 'Utilisateur introuvable.'),
  ArticleNotFound: e(404, 'Artikel niet gevonden.', 'Article not found.', 'Article introuvable.'),
  SupplierArticleNotFound: e(404, 'Leveranciersartikel niet gevonden.', 'Supplier article not found.', 'Article fournisseur introuvable.'),
  MarketplaceNotFound: e(404, 'Marktplaats niet gevonden.', 'Marketplace not found.', 'Place de marché introuvable.'),
  CategoryNotFound: e(404, 'Categorie niet gevonden.', 'Category not found.', 'Catégorie introuvable.'),
  emailNotFound: e(404, 'E-mailadres niet gevonden.', 'E-mail address not found.', 'Adresse e-mail introuvable.'),
  // Domain rules
  BudgetNotEnough: e(400, 'Het budget is niet toereikend.', 'The budget is not enough.', "Le budget n'est pas suffisant."),
  BudgetsAlreadyAssigned: e(409, 'De budgetten zijn al toegewezen.', 'The budgets are already assigned.', 'Les budgets sont déjà attribués.'),
  NoOrderLinesProvided: e(400, 'Er zijn geen bestellijnen opgegeven.', 'No order lines were provided.', "Aucune ligne de commande n'a été fournie."),
  DuplicateRoleDepartment: e(409, 'Een afdeling kan maar één valideerder hebben.', 'A department can have one validator only.', "Un département ne peut avoir qu'un seul validateur."),
  BudgetSpentBelow0: e(400, 'Het besteed budget kan niet onder 0 gaan.', 'The spent budget cannot go below 0.', 'Le budget dépensé ne peut pas être inférieur à 0.'),
  UnauthorizedRole: e(403, 'Je rol laat deze actie niet toe.', 'Your role does not allow this action.', "Votre rôle ne permet pas cette action."),
  DuplicateAddress: e(409, 'Dit adres bestaat al.', 'This address already exists.', 'Cette adresse existe déjà.'),
  DeletePrimaryCustomerAddress: e(400, 'Je kan een primair adres niet verwijderen.', 'You can not delete a primary address.', 'Vous ne pouvez pas supprimer une adresse principale.'),
  SupplierRequired: e(400, 'Een leverancier is verplicht.', 'A supplier is required.', 'Un fournisseur est obligatoire.'),
  TooManyFilesForContract: e(400, 'Een contract kan maximaal 25 bestanden hebben.', 'A contract can have at most 25 files.', 'Un contrat peut avoir au maximum 25 fichiers.'),
  BudgetsRequired: e(400, 'Minstens één budget is verplicht.', 'At least one budget is required.', 'Au moins un budget est obligatoire.'),
  NotUserOwnComment: e(403, 'Je kan enkel je eigen opmerkingen wijzigen.', 'You can only change your own comments.', 'Vous ne pouvez modifier que vos propres commentaires.'),
  TooManyExportRequests: e(429, 'Er staan al 3 exports in de wachtrij.', 'There are already 3 exports queued.', "Il y a déjà 3 exportations en attente."),
  ConflictingOrderLineTypes: e(400, 'Een bestelling kan enkel artikelen of bijlagen bevatten, niet beide.', 'An order can only contain items or attachments, not both', 'Une commande ne peut contenir que des articles ou des pièces jointes, pas les deux.'),
  OrderIsFinal: e(409, 'Deze bestelling is afgerond en kan niet meer gewijzigd worden.', 'This order is final and can no longer be changed.', 'Cette commande est finalisée et ne peut plus être modifiée.'),
  OrderNotInStep: e(409, 'Deze bestelling wacht niet (meer) op deze stap.', 'This order is not (or no longer) waiting for this step.', "Cette commande n'attend pas (ou plus) cette étape."),
  OrderLineNotInOrder: e(400, 'Deze bestellijn hoort niet bij de bestelling.', 'This order line is not part of the order.', "Cette ligne de commande ne fait pas partie de la commande."),
  BudgetInUse: e(409, 'Dit budget is aan bestellingen toegewezen en kan niet verwijderd worden. Zet het op inactief.', 'This budget is assigned to orders and cannot be removed. Make it inactive instead.', 'Ce budget est attribué à des commandes et ne peut pas être supprimé. Rendez-le inactif.'),
  EmptyOrderCantBeApproved: e(400, 'Een lege bestelling kan niet worden goedgekeurd.', 'An empty order cannot be approved.', 'Une commande vide ne peut pas être approuvée.'),
  TagAlreadyExists: e(409, 'Deze barcode bestaat al.', 'This barcode already exists.', 'Ce code-barres existe déjà.'),
  SupplierArticleAlreadyExists: e(409, 'Dit leveranciersartikelnummer bestaat al.', 'This supplier article number already exists.', "Ce numéro d'article fournisseur existe déjà."),
  duplicate_email: e(409, 'Er bestaat al een gebruiker met dit e-mailadres.', 'A user with that email already exists.', 'Un utilisateur avec cet e-mail existe déjà.'),
  DuplicateContractFieldName: e(409, 'Twee velden kunnen niet dezelfde naam hebben.', 'Two fields cannot have the same name.', 'Deux champs ne peuvent pas avoir le même nom.'),
  DuplicateName: e(409, 'Deze naam bestaat al.', 'This name already exists.', 'Ce nom existe déjà.'),
  InvalidShippingCost: e(400, 'Ongeldige verzendkosten: vul verzendkosten van minstens € 0,01 in wanneer gratis verzending vanaf is ingevuld, en gratis verzending vanaf kan geen 0 zijn wanneer verzendkosten worden aangerekend.', 'Invalid shipping cost settings: fill in a shipping cost of at least € 0.01 when free shipping from is filled in, and free shipping from cannot be 0 when shipping costs are charged.', "Frais de livraison invalides : indiquez des frais de livraison d'au moins 0,01 € lorsque la livraison gratuite à partir de est remplie, et ce seuil ne peut pas être 0 lorsque des frais sont facturés."),
  invalidEndDate: e(400, 'De einddatum moet na de startdatum liggen.', 'The end date must be after the start date.', 'La date de fin doit être postérieure à la date de début.'),
  invalidFinanceDates: e(400, 'Vul zowel de start- als de einddatum in, of geen van beide.', 'Fill in both the start and the end date, or neither.', 'Remplissez la date de début et la date de fin, ou aucune des deux.'),
  invalidFormatDate: e(400, 'Ongeldige datum (DD/MM/JJJJ).', 'Invalid date (DD/MM/YYYY).', 'Date invalide (JJ/MM/AAAA).'),
  // Contracts (flows §5 Contracts; src/server/contracts). The spec names the rules, not their codes.
  ContractNotFound: e(404, 'Contract niet gevonden.', 'Contract not found.', 'Contrat introuvable.'),
  ContractDatesRequired: e(400, 'Een contract met verlengingen heeft een start- en einddatum nodig.', 'A contract with extensions needs a start and an end date.', 'Un contrat avec des prolongations nécessite une date de début et de fin.'),
  invalidExtensionEndDate: e(400, 'De einddatum van een verlenging moet na de einddatum van het contract en van de vorige verlenging liggen.', 'An extension must end after the contract and after the previous extension.', "La fin d'une prolongation doit être postérieure à celle du contrat et de la prolongation précédente."),
  ExtensionBudgetRequired: e(400, 'Een verlenging heeft een geraamd budget nodig.', 'An extension needs a budget estimation.', 'Une prolongation nécessite un budget estimé.'),
  invalidCancellationDate: e(400, 'De uiterste opzegdatum moet binnen het contract (of de verlenging) liggen.', 'The latest cancellation date must lie within the contract (or its extension).', 'La date limite de résiliation doit se situer dans la durée du contrat (ou de la prolongation).'),
  AttachmentFieldMandatory: e(400, 'Dit bijlageveld is verplicht.', 'This attachment field is mandatory.', 'Ce champ de pièce jointe est obligatoire.'),
  ContractFieldRequired: e(400, 'Vul alle verplichte velden in.', 'Fill in every required field.', 'Remplissez tous les champs obligatoires.'),
  ContractFileNotPdfOrExcel: e(415, 'Extra bestanden moeten PDF of Excel zijn.', 'Extra uploads must be PDF or Excel.', 'Les fichiers supplémentaires doivent être PDF ou Excel.'),
  FileInContract: e(409, 'Dit bestand hoort bij een contract. Verwijder het bij het contract.', 'This file belongs to a contract. Remove it from the contract.', 'Ce fichier appartient à un contrat. Retirez-le du contrat.'),
  SupplierExceededBudget: e(400, 'De leverancier heeft zijn budget overschreden.', 'The supplier has exceeded its budget.', 'Le fournisseur a dépassé son budget.'),
  TenderLimitExceeded: e(400, 'De aanbestedingsgrens van EUR 30.000 per leverancier is overschreden.', 'The tender limit of EUR 30,000 per supplier is exceeded.', "La limite d'appel d'offres de 30 000 EUR par fournisseur est dépassée."),
  RestockNeedsDepartment: e(400, 'Een herbevoorradingsinstelling vereist een afdeling.', 'A restock setting requires a department.', 'Un réglage de réapprovisionnement nécessite un département.'),
  // Basket, orders, address book, loyalty, search (core §4, §5, §7; flows §5)
  NotEnoughStock: e(400, 'Je kan niet meer bestellen dan de beschikbare voorraad.', 'You cannot order more than the available stock.', 'Vous ne pouvez pas commander plus que le stock disponible.'),
  InvalidQuantity: e(400, 'Het aantal moet groter zijn dan 0.', 'The quantity must be above 0.', 'La quantité doit être supérieure à 0.'),
  BelowMinimumOrderQuantity: e(400, 'Het aantal ligt onder de minimale bestelhoeveelheid van het artikel.', "The quantity is below the article's minimum order quantity.", "La quantité est inférieure à la quantité minimale de commande de l'article."),
  ArticleNotAvailable: e(400, 'Dit artikel is niet meer beschikbaar.', 'This article is no longer available.', "Cet article n'est plus disponible."),
  GiftCardDetailsRequired: e(400, 'Vul de gegevens van de cadeaubon in.', 'Fill in the gift card details.', 'Remplissez les détails de la carte cadeau.'),
  EmptyTransporter: e(400, 'Voeg eerst een product toe aan je winkelmandje.', 'Add a product to your basket first.', "Ajoutez d'abord un produit à votre panier."),
  AddressRequired: e(400, 'Kies een leveringsadres.', 'Choose a delivery address.', 'Choisissez une adresse de livraison.'),
  DeliveryDateInPast: e(400, 'De gewenste leverdatum ligt in het verleden.', 'The requested delivery date is in the past.', 'La date de livraison souhaitée est déjà passée.'),
  AddressUsedByOrder: e(409, 'Dit adres wordt door een bestelling gebruikt en kan niet meer gewijzigd worden.', 'This address is used by an order and can no longer be changed.', 'Cette adresse est utilisée par une commande et ne peut plus être modifiée.'),
  OneTimeAddressesDisabled: e(403, 'Eenmalige adressen zijn niet ingeschakeld voor dit bedrijf.', 'One-time addresses are not enabled for this company.', 'Les adresses uniques ne sont pas activées pour cette entreprise.'),
  NotEnoughPoints: e(400, 'Je hebt niet genoeg punten.', 'You do not have enough points.', "Vous n'avez pas assez de points."),
  BelowMinimumOrderPrice: e(400, 'Het bedrag bij deze leverancier ligt onder zijn minimale bestelbedrag.', "The amount for this supplier is below its minimum order price.", 'Le montant pour ce fournisseur est inférieur à son montant minimum de commande.'),
  InvalidSearchKey: e(403, 'Deze zoeksleutel is ongeldig of verlopen.', 'This search key is invalid or has expired.', 'Cette clé de recherche est invalide ou a expiré.'),
  ReadOnlyRecord: e(403, 'Dit record is van het platform en kan je niet wijzigen.', 'This record belongs to the platform and cannot be changed by you.', 'Cet enregistrement appartient à la plateforme et vous ne pouvez pas le modifier.'),
  // Idempotency-Key header (src/server/plugins/idempotency.ts)
  IdempotencyKeyReused: e(422, 'Deze Idempotency-Key werd al gebruikt voor een andere aanvraag.', 'This Idempotency-Key was already used for another request.', 'Cette Idempotency-Key a déjà été utilisée pour une autre requête.'),
  IdempotencyKeyInUse: e(409, 'Deze aanvraag wordt nog verwerkt. Probeer het zo meteen opnieuw.', 'This request is still being processed. Please try again in a moment.', 'Cette requête est encore en cours de traitement. Veuillez réessayer dans un instant.'),
  IdempotencyAnswerLost: e(409, 'Deze aanvraag werd uitgevoerd, maar het antwoord ging verloren toen de server stopte. Kijk het resultaat na (bijvoorbeeld bij je bestellingen) voor je ze opnieuw verstuurt.', 'This request was carried out, but its answer was lost when the server stopped. Check the result (for example in your orders) before you send it again.', 'Cette requête a été exécutée, mais sa réponse a été perdue à l’arrêt du serveur. Vérifiez le résultat (par exemple dans vos commandes) avant de la renvoyer.'),
  // Order templates (flows §3 "Gift cards cannot be added"; model/resources/order-templates.ts)
  OrderTemplateNotFound: e(404, 'Bestelsjabloon niet gevonden.', 'Order template not found.', 'Modèle de commande introuvable.'),
  GiftCardNotInTemplate: e(400, 'Een cadeaubon kan niet in een bestelsjabloon.', 'A gift card cannot be added to an order template.', 'Une carte cadeau ne peut pas être ajoutée à un modèle de commande.'),
  // Order conversation, ratings and reminders (flows §3 Comment, Rating, Reminder, §5, §8; src/server/conversation, ratings, reminders)
  CommentNotFound: e(404, 'Opmerking niet gevonden.', 'Comment not found.', 'Commentaire introuvable.'),
  OrderAlreadyRated: e(409, 'Deze bestelling is al beoordeeld.', 'This order has already been rated.', 'Cette commande a déjà été évaluée.'),
  OrderNotRatable: e(409, 'Een bestelling kan beoordeeld worden zodra ze goedgekeurd is.', 'An order can be rated once it is approved.', "Une commande peut être évaluée dès qu'elle est approuvée."),
  ReminderNotFound: e(404, 'Herinnering niet gevonden.', 'Reminder not found.', 'Rappel introuvable.'),
  // Files (flows §7 POST/GET/DELETE /upload, §5 "a file must have content; type must be allowed", §8 'file already added'; src/server/storage)
  FileNotFound: e(404, 'Bestand niet gevonden.', 'File not found.', 'Fichier introuvable.'),
  FileRequired: e(400, 'Kies een bestand om op te laden.', 'Choose a file to upload.', 'Choisissez un fichier à téléverser.'),
  FileEmpty: e(400, 'Het bestand is leeg.', 'The file is empty.', 'Le fichier est vide.'),
  UrlTemplatePlaceholderUnknown: e(400, 'De URL-sjabloon bevat een onbekende plaatshouder (toegelaten tussen accolades: articleNumber, ean, pnNumber, supplierId).', 'The URL template has an unknown placeholder (allowed in braces: articleNumber, ean, pnNumber, supplierId).', "Le modèle d'URL contient un espace réservé inconnu (autorisés entre accolades : articleNumber, ean, pnNumber, supplierId)."),
  FileTooLarge: e(413, 'Het bestand is te groot.', 'The file is too large.', 'Le fichier est trop volumineux.'),
  FileTypeNotAllowed: e(415, 'Dit soort bestand is niet toegelaten.', 'This type of file is not allowed.', "Ce type de fichier n'est pas autorisé."),
  FileAlreadyAdded: e(409, 'Dit bestand is al toegevoegd.', 'This file has already been added.', 'Ce fichier a déjà été ajouté.'),
  FileInArticle: e(409, 'Deze afbeelding hoort bij een artikel. Haal ze daar eerst weg.', 'This image belongs to an article. Remove it there first.', "Cette image appartient à un article. Retirez-la d'abord de celui-ci."),
  FileInUse: e(409, 'Dit bestand hoort bij een opmerking. Haal het daar eerst weg.', 'This file belongs to a comment. Remove it there first.', "Ce fichier appartient à un commentaire. Retirez-le d'abord de celui-ci."),
  // Changing, splitting and locking orders (flows §4, §5; src/server/ordering/order-edits.ts, order-split.ts, order-lock.ts)
  NotDepartmentMember: e(400, 'Wie de bestelling plaatste is geen lid van deze afdeling.', 'Whoever placed the order is not a member of this department.', "La personne qui a passé la commande n'est pas membre de ce département."),
  OrderLineNotFound: e(404, 'Bestellijn niet gevonden.', 'Order line not found.', 'Ligne de commande introuvable.'),
  LastOrderLineCantBeDeleted: e(409, 'De laatste lijn van een bestelling kan niet verwijderd worden. Keur de bestelling af als ze niet meer nodig is.', 'The last line of an order cannot be removed. Reject the order if it is no longer needed.', "La dernière ligne d'une commande ne peut pas être supprimée. Refusez la commande si elle n'est plus nécessaire."),
  CannotExtractAllLines: e(400, 'Laat minstens één lijn in de bestelling: kies niet alle lijnen om af te splitsen.', 'Leave at least one line in the order: do not choose every line to split off.', 'Laissez au moins une ligne dans la commande : ne choisissez pas toutes les lignes à scinder.'),
  OrderTransactionsLocked: e(409, 'De transacties van deze bestelling zijn vergrendeld: lijnen en budgetten kunnen niet meer wijzigen.', "This order's transactions are locked: its lines and budgets can no longer change.", 'Les transactions de cette commande sont verrouillées : ses lignes et budgets ne peuvent plus changer.'),
  // Orders not from the basket (flows §2 /order-form, /order-request; src/server/ordering/order-form.ts)
  FileInOrder: e(409, 'Dit bestand hoort bij een bestelling en kan niet meer verwijderd worden.', 'This file belongs to an order and can no longer be removed.', "Ce fichier appartient à une commande et ne peut plus être supprimé."),
  // Deliveries (core §7 Deliveries; src/server/fulfilment/deliveries.ts)
  DeliveryNotFound: e(404, 'Levering niet gevonden.', 'Delivery not found.', 'Livraison introuvable.'),
  DeliveryAlreadyConfirmed: e(409, 'Deze levering is al bevestigd. Maak de bevestiging eerst ongedaan om ze te wijzigen.', 'This delivery has already been confirmed. Undo the confirmation first to change it.', "Cette livraison a déjà été confirmée. Annulez d'abord la confirmation pour la modifier."),
  DeliveryNotConfirmed: e(409, 'Deze levering is nog niet bevestigd.', 'This delivery has not been confirmed yet.', "Cette livraison n'a pas encore été confirmée."),
  NothingToDeliver: e(409, 'Deze leveranciersbestelling wacht niet (meer) op een levering.', 'This supplier order is not (or no longer) waiting for a delivery.', "Cette commande fournisseur n'attend pas (ou plus) de livraison."),
  // Invoices (flows §4 Invoice, §5 Invoices, §7 Invoices; src/server/invoicing/invoices.ts)
  InvoiceNotFound: e(404, 'Factuur niet gevonden.', 'Invoice not found.', 'Facture introuvable.'),
  InvoiceNotInStep: e(409, 'Deze factuur kan niet (meer) naar deze status.', 'This invoice cannot (or can no longer) move to this status.', 'Cette facture ne peut pas (ou plus) passer à ce statut.'),
  invalidDueDate: e(400, 'De vervaldatum kan niet voor de factuurdatum liggen.', 'The due date cannot be before the invoice date.', "La date d'échéance ne peut pas précéder la date de facture."),
  DeliveryAlreadyInvoiced: e(409, 'Deze levering heeft al een factuur.', 'This delivery already has an invoice.', 'Cette livraison a déjà une facture.'),
  NothingToInvoice: e(409, 'Deze levering bracht niets dat nog te factureren is.', 'This delivery brought nothing left to invoice.', "Cette livraison n'a rien apporté qui reste à facturer."),
  InvoiceFileNotDeleted: e(502, 'Het factuurbestand kon niet verwijderd worden. Probeer het later opnieuw.', 'Could not delete Invoice file', 'Le fichier de la facture n’a pas pu être supprimé. Réessayez plus tard.'),
  FileInInvoice: e(409, 'Dit bestand hoort bij een factuur. Verwijder het bij de factuur.', 'This file belongs to an invoice. Remove it from the invoice.', 'Ce fichier appartient à une facture. Retirez-le de la facture.'),
  // E-invoices and the three-way match (beyond the spec; src/server/invoicing/three-way.ts, ubl-booking.ts)
  UblInvoiceUnreadable: e(422, 'Dit bestand is geen leesbare e-factuur (UBL 2.1 Invoice of CreditNote).', 'This file is not a readable e-invoice (UBL 2.1 Invoice or CreditNote).', "Ce fichier n'est pas une facture électronique lisible (UBL 2.1 Invoice ou CreditNote)."),
  UblInvoiceInvalid: e(422, 'De e-factuur breekt regels van EN 16931 / Peppol BIS 3.0 (zie de details).', 'The e-invoice breaks EN 16931 / Peppol BIS 3.0 rules (see the details).', 'La facture électronique enfreint des règles EN 16931 / Peppol BIS 3.0 (voir les détails).'),
  UblCurrencyNotSupported: e(422, 'De e-factuur is niet in euro.', 'The e-invoice is not in euro.', "La facture électronique n'est pas en euros."),
  UblOrderReferenceUnknown: e(422, 'De e-factuur verwijst (BT-13) niet naar een leveranciersbestelling van dit bedrijf.', 'The e-invoice does not refer (BT-13) to a supplier order of this company.', 'La facture électronique ne renvoie pas (BT-13) à une commande fournisseur de cette entreprise.'),
  UblSellerMismatch: e(422, 'De verkoper op de e-factuur is niet de leverancier van de bestelling.', 'The seller on the e-invoice is not the supplier of the order.', "Le vendeur sur la facture électronique n'est pas le fournisseur de la commande."),
  UblBuyerMismatch: e(422, 'De koper op de e-factuur is niet dit bedrijf.', 'The buyer on the e-invoice is not this company.', "L'acheteur sur la facture électronique n'est pas cette entreprise."),
  InvoiceAlreadyBooked: e(409, 'Deze factuur van deze leverancier is al geboekt.', "This supplier's invoice has already been booked.", 'Cette facture de ce fournisseur est déjà comptabilisée.'),
  InvoiceMismatchNotAccepted: e(409, 'Deze factuur klopt niet met wat besteld en ontvangen is. Een financieel medewerker moet het verschil eerst aanvaarden.', 'This invoice does not match what was ordered and received. A finance user must accept the mismatch first.', "Cette facture ne correspond pas à ce qui a été commandé et reçu. Un utilisateur finance doit d'abord accepter l'écart."),
  InvoiceMatchNothingToAccept: e(409, 'Deze factuur heeft geen verschil om te aanvaarden.', 'This invoice has no mismatch to accept.', "Cette facture n'a pas d'écart à accepter."),
  // Warehouse stock (core §7 Warehouses, flows §5 "Product management / warehouse"; src/server/stock)
  WarehouseInstanceNotFound: e(404, 'Magazijnartikel niet gevonden.', 'Warehouse article not found.', "Article d'entrepôt introuvable."),
  WarehouseInstanceAlreadyExists: e(409, 'Dit artikel ligt al in dit magazijn.', 'Warehouse instance already exists.', "Cet article existe déjà dans cet entrepôt."),
  // Background tasks (core §7 /admin/tasks/…; src/server/jobs/tasks.ts)
  TaskNotFound: e(404, 'Deze achtergrondtaak bestaat niet.', 'This background task does not exist.', "Cette tâche de fond n'existe pas."),
  TaskNotRunnable: e(400, 'Deze taak kan niet met de hand gestart worden: ze wordt gestart door de wijziging die ze nodig heeft.', 'This task cannot be run by hand: the change that needs it starts it.', 'Cette tâche ne peut pas être lancée à la main : la modification qui en a besoin la lance.'),
  CrmNotConfigured: e(409, 'De CRM-koppeling (Teamleader) is niet ingesteld op deze server: vraag de beheerder om TEAMLEADER_CLIENT_ID en TEAMLEADER_CLIENT_SECRET in te stellen.', 'The CRM integration (Teamleader) is not configured on this server: ask the operator to set TEAMLEADER_CLIENT_ID and TEAMLEADER_CLIENT_SECRET.', "L'intégration CRM (Teamleader) n'est pas configurée sur ce serveur : demandez à l'exploitant de définir TEAMLEADER_CLIENT_ID et TEAMLEADER_CLIENT_SECRET."),
  CrmNotConnected: e(409, 'Er is nog geen koppeling met het CRM (Teamleader): koppel eerst.', 'There is no connection with the CRM (Teamleader) yet: connect first.', "Il n'y a pas encore de connexion avec le CRM (Teamleader) : connectez-vous d'abord."),
  CrmAuthorizationFailed: e(400, 'Het CRM (Teamleader) weigerde de autorisatiecode: koppel opnieuw.', 'The CRM (Teamleader) refused the authorization code: connect again.', "Le CRM (Teamleader) a refusé le code d'autorisation : connectez-vous à nouveau."),
  CrmUnavailable: e(502, 'Het CRM (Teamleader) antwoordde niet zoals verwacht: probeer later opnieuw.', 'The CRM (Teamleader) did not answer as expected: try again later.', "Le CRM (Teamleader) n'a pas répondu comme prévu : réessayez plus tard."),
  // Reports (flows §5 Reports; src/server/reporting/period.ts)
  invalidReportPeriod: e(400, 'De startdatum mag niet na de einddatum liggen.', 'The start date must not be later than the end date.', 'La date de début ne peut pas être postérieure à la date de fin.'),
  // Users, departments and accesses (flows §5 Users, §7 Users and Departments; src/server/users)
  UserRoleRequired: e(400, 'Een gebruiker heeft minstens één rol nodig.', 'An user requires at least one role.', 'Un utilisateur doit avoir au moins un rôle.'),
  ResetLinkInvalid: e(400, 'Deze link is ongeldig of verlopen. Vraag een nieuwe aan.', 'reset link invalid', 'Ce lien est invalide ou expiré. Demandez-en un nouveau.'),
  PasswordTooWeak: e(400, 'Kies een wachtwoord van minstens 10 tekens.', 'Choose a password of at least 10 characters.', "Choisissez un mot de passe d'au moins 10 caractères."),
  CustomerAccessExists: e(409, 'Deze gebruiker heeft al toegang tot dit bedrijf.', 'This user already has access to this company.', 'Cet utilisateur a déjà accès à cette entreprise.'),
  ValidatorNotOfCustomer: e(400, 'De valideerder moet een gebruiker van dit bedrijf met de rol valideerder zijn.', 'The validator must be a user of this company with the validator role.', 'Le validateur doit être un utilisateur de cette entreprise ayant le rôle de validateur.'),
  // Bulk import of own articles (issue 28, beyond the spec; src/server/catalogue/product-import.ts)
  ProductImportNotFound: e(404, 'Deze import bestaat niet.', 'This import does not exist.', "Cette importation n'existe pas."),
  ProductImportAlreadyRun: e(409, 'Deze import is al gestart. Laad het bestand opnieuw op om nog eens te importeren.', 'This import has already been started. Upload the file again to import it once more.', "Cette importation a déjà été lancée. Téléversez à nouveau le fichier pour l'importer une fois de plus."),
  ProductImportUnreadable: e(422, 'Dit bestand kan niet gelezen worden als artikellijst: een .xlsx of .csv met een kopregel met de kolomnamen (zie de uitleg).', 'This file cannot be read as a list of articles: an .xlsx or .csv with a header line of column names (see the help).', "Ce fichier ne peut pas être lu comme une liste d'articles : un .xlsx ou .csv avec une ligne d'en-tête des noms de colonnes (voir l'aide)."),
  ProductImportTooManyLines: e(422, 'Dit bestand heeft te veel lijnen: splits het op in kleinere bestanden.', 'This file has too many lines: split it into smaller files.', 'Ce fichier a trop de lignes : divisez-le en fichiers plus petits.'),
  // Exports of the lists (orders, deliveries, invoices: GET …/export.xlsx; CONSTANTS.listExportMaxRows)
  ListExportTooLarge: e(422, `Deze lijst is te lang om te exporteren (meer dan ${exportRows('nl-BE')} rijen): verfijn de filters.`, `This list is too long to export (more than ${exportRows('en-BE')} rows): narrow the filters.`, `Cette liste est trop longue pour être exportée (plus de ${exportRows('fr-BE')} lignes) : affinez les filtres.`),
  // Customers and self-registration (flows §1, §5 Registration, §7; src/server/customers, src/shared/company-numbers.ts)
  InvalidCompanyNumber: e(400, 'Dit is geen geldig Belgisch ondernemingsnummer: controleer de tien cijfers (bv. 0412.345.614).', 'This is not a valid Belgian company number: check the ten digits (e.g. 0412.345.614).', "Ce n'est pas un numéro d'entreprise belge valide : vérifiez les dix chiffres (p. ex. 0412.345.614)."),
  InvalidVatNumber: e(400, 'Dit btw-nummer heeft niet de vorm van een btw-nummer van dit land.', 'This VAT number does not have the format of a VAT number of this country.', "Ce numéro de TVA n'a pas le format d'un numéro de TVA de ce pays."),
  VatNumberAlreadyExists: e(409, 'Er is al een bedrijf met dit btw- of ondernemingsnummer geregistreerd.', 'A company with this VAT or company number is already registered.', "Une entreprise avec ce numéro de TVA ou d'entreprise est déjà enregistrée."),
  TermsNotAccepted: e(400, 'Aanvaard de algemene voorwaarden om te registreren.', 'Accept the terms and conditions to register.', "Acceptez les conditions générales pour vous inscrire."),
  RegistrationAlreadyPending: e(409, 'Je hebt al een registratie die op bevestiging wacht.', 'You already have a registration waiting for confirmation.', 'Vous avez déjà une inscription en attente de confirmation.'),
  RegistrationNotFound: e(404, 'Registratie niet gevonden.', 'Registration not found.', 'Inscription introuvable.'),
  RegistrationAlreadyValidated: e(409, 'Deze registratie is al gevalideerd.', 'This registration has already been validated.', 'Cette inscription a déjà été validée.'),
} as const satisfies Record<string, ErrorEntry>;

export type ErrorCode = keyof typeof ERRORS;

/**
 * The messages the marketplace pages (the light shell: /products, /products/{id} with the header's
 * basket, search, language and company switch) may show: these errors and these resources' failure
 * texts travel with the base tier of messages. Every other error's and resource's text travels with
 * the admin tier (generated/i18n/<lang>.resources.gen.ts), which every react-admin page loads before
 * it renders, so the marketplace's JavaScript stays within its budget as the catalogue grows.
 */
export const LIGHT_PAGE_MESSAGES: { readonly errors: readonly ErrorCode[]; readonly failures: readonly string[] } = {
  errors: [
    'unauthorized', 'forbiddenAccess', 'NoAccessToCustomer', 'noActiveCustomer', 'validationFailed', 'notFound', 'maintenance',
    'internalError', 'UserNotInIdentityProvider', 'NoActiveCustomerAccess', 'UserHasNoPermissions', 'SupplierArticleNotFound',
    'CategoryNotFound', 'MarketplaceNotFound', 'NotEnoughStock', 'InvalidQuantity', 'BelowMinimumOrderQuantity', 'ArticleNotAvailable',
    'GiftCardDetailsRequired', 'EmptyTransporter', 'InvalidSearchKey', 'TenderLimitExceeded', 'BelowMinimumOrderPrice',
  ],
  failures: ['transporters', 'supplier-articles'],
};

/** Generic field messages (validation.messages.{rule}) used in error details and by the forms. */
export const VALIDATION_MESSAGES = {
  required: t('Dit veld is verplicht.', 'This field is required.', 'Ce champ est obligatoire.'),
  minValue: t('De waarde is te klein.', 'The value is too small.', 'La valeur est trop petite.'),
  maxValue: t('De waarde is te groot.', 'The value is too large.', 'La valeur est trop grande.'),
  numerical: t('Enkel cijfers, met een optionele komma.', 'Digits only, with an optional decimal comma.', 'Chiffres uniquement, avec une virgule optionnelle.'),
  email: t('Geen geldig e-mailadres.', 'Not a valid e-mail address.', 'Adresse e-mail invalide.'),
  alphaWithSpaces: t('Enkel letters en spaties.', 'Letters and spaces only.', 'Lettres et espaces uniquement.'),
  alphanumeric: t('Enkel letters en cijfers.', 'Letters and digits only.', 'Lettres et chiffres uniquement.'),
  length: t('De lengte is niet correct.', 'The length is not right.', "La longueur n'est pas correcte."),
  minLength: t('Te kort.', 'Too short.', 'Trop court.'),
  maxLength: t('Te lang.', 'Too long.', 'Trop long.'),
  vatNumber: t('Geen geldig btw-nummer (bv. BE0123456789).', 'Not a valid VAT number (e.g. BE0123456789).', 'Numéro de TVA invalide (p. ex. BE0123456789).'),
  phone: t('Geen geldig telefoonnummer.', 'Not a valid phone number.', 'Numéro de téléphone invalide.'),
  url: t('Geen geldige URL.', 'Not a valid URL.', 'URL invalide.'),
  date: t('Geen geldige datum.', 'Not a valid date.', 'Date invalide.'),
  choice: t('Geen geldige keuze.', 'Not a valid choice.', 'Choix invalide.'),
  invalid: t('Ongeldige waarde.', 'Invalid value.', 'Valeur invalide.'),
  ean: t('Geen geldige EAN: 8 of 13 cijfers met het juiste controlecijfer.', 'Not a valid EAN: 8 or 13 digits with the right check digit.', 'EAN invalide : 8 ou 13 chiffres avec le bon chiffre de contrôle.'),
  ambiguous: t('Dit past op meer dan één mogelijkheid: gebruik de id (of het btw-nummer).', 'This matches more than one: use the id (or the VAT number).', "Ceci correspond à plusieurs possibilités : utilisez l'id (ou le numéro de TVA)."),
  unknownField: t('Dit veld bestaat niet.', 'This field does not exist.', "Ce champ n'existe pas."),
} as const;
export type ValidationRule = keyof typeof VALIDATION_MESSAGES;

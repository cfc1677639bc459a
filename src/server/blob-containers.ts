import { articleImagesContainer } from './catalogue/article-images';
import { contractsContainer } from './contracts/contracts';
import { orderConversationContainer } from './conversation/attachments';
import { invoicesContainer } from './invoicing/invoice-files';
import { orderAttachmentsContainer } from './ordering/order-attachments';
import type { ContainerPolicy } from './storage/containers';
import type { BlobContainerName } from '../shared/contracts/files';

/**
 * The containers /upload accepts (an allow-list), each with the rules of the area that uses it,
 * read by the /upload calls (storage/upload-routes.ts): a container is added here, and to the calls' allow-list
 * (BLOB_CONTAINER_NAMES, src/shared/contracts/files.ts), when its area is built
 * (contracts: flows §5 contract files up to 100 MB; invoices' PDFs, up to 20 MB, arrive through
 * POST /invoices/upload; article images, up to 5 MB, through the article calls). Container names follow Azure's rules, so they stay the same there.
 */
export const BLOB_CONTAINERS = {
  'order-conversation': orderConversationContainer,
  'order-attachments': orderAttachmentsContainer,
  invoices: invoicesContainer,
  contracts: contractsContainer,
  'article-images': articleImagesContainer,
} as const satisfies Record<BlobContainerName, ContainerPolicy>;

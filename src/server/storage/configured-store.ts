import path from 'node:path';
import type { ServerConfig } from '../config';
import { AzureBlobStore } from './azure-blob-store';
import type { BlobStore } from './blob-store';
import { LocalBlobStore } from './local-blob-store';

/**
 * The blob store the configuration asks for (DESIGN §2, by configuration only): Azure Blob Storage
 * when AZURE_STORAGE_CONNECTION_STRING is set, else the folder `$DATA_DIR/blobs`.
 */
export function blobStoreFor(config: Pick<ServerConfig, 'dataDir' | 'azureStorageConnectionString'>): BlobStore {
  if (config.azureStorageConnectionString) return new AzureBlobStore(config.azureStorageConnectionString);
  return new LocalBlobStore(path.join(config.dataDir, 'blobs'));
}

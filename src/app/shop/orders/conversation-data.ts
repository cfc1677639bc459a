import { useQueryClient } from '@tanstack/react-query';
import { useCoreServices } from '../../bootstrap/context';
import type { HttpClient } from '../../data/http';
import { useAppQuery } from '../../data/query-client';
import { fetchFile } from '../../data/files';

/**
 * What the order page's conversation, attachments and the orders list read from the server
 * (GET /v2/orders/{id}/conversation, GET /v2/orders/unseen-comments), with the query keys they
 * share: the tab badge and the two tabs read one answer, and a change reads it again. The keys are
 * under 'app', which a decision on the order invalidates too.
 */

export interface ConversationFile {
  url: string;
  containerName: string;
  blobName: string;
  fileName: string;
  contentType: string;
  size: number;
}

export interface ConversationComment {
  id: string;
  orderId: string;
  userId: string | null;
  authorName: string | null;
  content: string;
  attachmentUrls: string[];
  attachments: ConversationFile[];
  createdAt: string;
  updatedAt: string;
  editedAt: string | null;
  mine: boolean;
  seen: boolean;
}

export interface Conversation {
  comments: ConversationComment[];
  following: boolean;
  unseenCount: number;
}

export const conversationKey = (orderId: string) => ['app', 'order-conversation', orderId] as const;
export const UNSEEN_KEY = ['app', 'unseen-comments'] as const;
export const conversationPath = (orderId: string) => `/v2/orders/${encodeURIComponent(orderId)}`;

export function useConversation(orderId: string) {
  const { http } = useCoreServices();
  return useAppQuery({
    queryKey: conversationKey(orderId),
    queryFn: ({ signal }) => http.get<{ result: Conversation }>(`${conversationPath(orderId)}/conversation`, { signal }).then((r) => r.result),
  });
}

/** Reads the conversation and the orders list's unseen counts again after a change. */
export function useConversationRefresh(orderId: string) {
  const queryClient = useQueryClient();
  return () => Promise.all([
    queryClient.invalidateQueries({ queryKey: conversationKey(orderId) }),
    queryClient.invalidateQueries({ queryKey: UNSEEN_KEY }),
  ]);
}

/** Unseen comments of others per order the user follows (GET /v2/orders/unseen-comments). */
export function useUnseenComments() {
  const { http } = useCoreServices();
  return useAppQuery({
    queryKey: UNSEEN_KEY,
    queryFn: ({ signal }) => http.get<{ result: { total: number; orders: { orderId: string; unseen: number }[] } }>('/v2/orders/unseen-comments', { signal })
      .then((r) => new Map(r.result.orders.map((o) => [o.orderId, o.unseen]))),
  });
}

/** A file's size as people read it ('12 kB', '2.4 MB'). */
export const sizeText = (size: number) => (size >= 1024 * 1024 ? `${(size / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.ceil(size / 1024))} kB`);

/** Downloads a file of the API (with the app's headers) and hands it to the browser under its name. */
export async function downloadFile(http: HttpClient, url: string, fallbackName: string): Promise<void> {
  const { blob, fileName } = await fetchFile(http, url);
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName || fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; the address is freed a little later.
  setTimeout(() => URL.revokeObjectURL(href), 30_000);
}

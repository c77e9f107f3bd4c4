// Server state of issue reports: the user's list, filing one, and the photos,
// which travel outside tRPC as plain bytes (docs/decisions/055-issue-reports-and-photos.md).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AppCode, IssueCreateInput } from '@/api/generated/app-router';
import { coreBase, coreFetch } from '@/api/base';
import { authHeaders, trpc } from '@/api/trpc';
import { AppError } from '@/lib/errors';

export const issueListQuery = () =>
  queryOptions({
    queryKey: ['issues'] as const,
    queryFn: () => trpc.issue.list.query(),
    // An operator's answer arrives while the screen is open.
    refetchInterval: 60_000,
  });

/** The server's cap (internal/issue MaxPhotoBytes). */
export const maxPhotoBytes = 5 * 1024 * 1024;

const photosUrl = () => `${coreBase()}/issues/photos`;

/** errorFrom turns a photo endpoint's {appCode, field} answer into the AppError a tRPC call would throw. */
async function errorFrom(res: Response): Promise<AppError> {
  const body = (await res.json().catch(() => ({}))) as { appCode?: string; field?: string };
  return new AppError((body.appCode || 'GENERAL_ERROR') as AppCode, `issue photo: HTTP ${res.status}`, { field: body.field || null });
}

/** uploadPhoto sends the file as it is; the server decides by its bytes whether it is a JPEG or PNG. */
export async function uploadPhoto(file: Blob): Promise<string> {
  const res = await coreFetch(photosUrl(), { method: 'POST', headers: { ...authHeaders(), 'content-type': 'application/octet-stream' }, body: file });
  if (!res.ok) throw await errorFrom(res);
  return ((await res.json()) as { photoRef: string }).photoRef;
}

/** useCreateIssue uploads the photo if there is one, then files the report. */
export function useCreateIssue() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ photo, ...input }: Omit<IssueCreateInput, 'photoRef'> & { photo: File | null }) => {
      const photoRef = photo ? await uploadPhoto(photo) : undefined;
      return trpc.issue.create.mutate({ ...input, photoRef });
    },
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['issues'] }),
  });
}

/** dataUrl reads a blob as a data: URL (the page's CSP allows data: images, not blob:). */
function dataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('photo: read failed'));
    reader.readAsDataURL(blob);
  });
}

/**
 * usePhotoUrl fetches a report's photo with the bearer token (an <img> could not
 * send it) and answers it as a URL an <img> can show.
 */
export function usePhotoUrl(photoRef: string) {
  const { data: url, isError } = useQuery({
    queryKey: ['issue-photo', photoRef] as const,
    queryFn: async () => {
      const res = await coreFetch(`${photosUrl()}/${encodeURIComponent(photoRef)}`, { headers: authHeaders() });
      if (!res.ok) throw await errorFrom(res);
      return dataUrl(await res.blob());
    },
    enabled: photoRef !== '',
    staleTime: Infinity,
  });
  return { url: url ?? null, isError };
}

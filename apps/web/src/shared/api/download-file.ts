import { ApiError, ErrorBodySchema, LOCALE_HEADER, type Locale } from '@klik/api';

/** The filename of a download from its content-disposition header, or the fallback. */
export function filenameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // Fall through to the plain filename.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  const name = plain?.[2] ?? plain?.[1]?.trim();
  // Only a bare name: never a path the browser could be steered with.
  return name ? (name.split(/[\\/]/).pop() ?? fallback) : fallback;
}

export interface DownloadRequest {
  url: string;
  token: string;
  locale: Locale;
  /** The name when the server's content-disposition gives none. */
  fallbackName: string;
  fetch?: typeof fetch;
}

/**
 * Downloads a file the server makes (an export). The call needs the session token in a header,
 * which a plain link cannot send, so the file is fetched and handed to the browser as a download
 * named as the server's content-disposition says. Answers the filename.
 */
export async function downloadFile(request: DownloadRequest): Promise<string> {
  const doFetch = request.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const response = await doFetch(request.url, {
    headers: { authorization: `Bearer ${request.token}`, [LOCALE_HEADER]: request.locale },
    credentials: 'same-origin',
  });
  if (!response.ok) {
    const body = ErrorBodySchema.safeParse(await response.json().catch(() => null));
    throw new ApiError(
      response.status,
      body.success ? body.data.code : 'INTERNAL',
      body.success ? body.data.message : response.statusText,
    );
  }
  const filename = filenameFromDisposition(
    response.headers.get('content-disposition'),
    request.fallbackName,
  );
  const href = URL.createObjectURL(await response.blob());
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = filename;
  anchor.hidden = true;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // The browser has started the download from the object URL by now; free it a little later.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
  return filename;
}

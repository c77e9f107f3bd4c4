import { useState } from 'react';

/**
 * useDownload fetches a file and hands it to the browser as a download (the back
 * office's CSV exports and invoice PDFs need the bearer token, so a plain link
 * cannot fetch them); busy and failed say how the latest one went.
 */
export function useDownload() {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const download = async (fetchFile: () => Promise<Blob>, name: string) => {
    setBusy(true);
    setFailed(false);
    try {
      save(await fetchFile(), name);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return { busy, failed, download };
}

/** save offers blob to the browser under name. */
function save(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

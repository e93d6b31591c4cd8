/** Opens a printable document in a new tab (the new tab restores the session from storage). */
export function openPrintTab(path: string): void {
  window.open(path, '_blank', 'noopener');
}

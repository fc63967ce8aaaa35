// Lets the user choose a text file (a lockfile) and reads it in the page:
// the renderer never reads the disk itself, it only gets what the user picked.
export function pickTextFile(accept = '.json,application/json'): Promise<{ name: string; text: string } | undefined> {
  return new Promise((resolve, reject) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = accept;
    input.onchange = () => {
      const file = input.files?.[0];
      if (!file) {
        resolve(undefined);
        return;
      }
      file.text().then((text) => resolve({ name: file.name, text }), reject);
    };
    input.oncancel = () => resolve(undefined);
    input.click();
  });
}

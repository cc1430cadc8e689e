// fontkit ships no types; the PDF renderer asks it which characters a font file covers and whether it can shape a run.
declare module 'fontkit' {
  export function openSync(file: string): { characterSet: number[]; layout(text: string): unknown };
}

// fontkit ships no types; the PDF renderer has it read a font once, ask which characters it covers and whether it can
// shape a run.
declare module 'fontkit' {
  export function create(data: Buffer): { characterSet: number[]; layout(text: string): unknown };
}
